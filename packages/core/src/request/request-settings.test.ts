import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.js';
import { DEFAULT_REQUEST_SETTINGS, effectiveSettings, readRequestSettings } from './request-settings.js';

describe('request settings', () => {
  it('take the endpoint’s value, else the project’s, else the default, field by field', () => {
    expect(effectiveSettings({ timeoutMs: 5000, verifyTls: false }, { timeoutMs: 100 })).toEqual({
      ...DEFAULT_REQUEST_SETTINGS,
      timeoutMs: 100,
      verifyTls: false,
    });
    expect(effectiveSettings({}, undefined)).toEqual(DEFAULT_REQUEST_SETTINGS);
  });

  it('read back every valid field as it was written', () => {
    const all = {
      ...DEFAULT_REQUEST_SETTINGS,
      caFile: '/etc/ca.pem',
      proxy: { mode: 'url', url: 'http://proxy.local:3128', noProxy: 'localhost,.internal' },
    };
    expect(readRequestSettings(all, 'settings')).toEqual(all);
    expect(readRequestSettings({}, 'settings')).toEqual({});
  });

  it('refuse, by name, an unknown key, a wrong type and a value out of range', () => {
    expect(() => readRequestSettings({ retries: 3 }, 'settings')).toThrow('settings.retries is not a setting');
    expect(() => readRequestSettings({ valueOf: {} }, 'settings')).toThrow('settings.valueOf is not a setting');
    expect(() => readRequestSettings({ verifyTls: 'no' }, 'settings')).toThrow(
      'settings.verifyTls must be true or false',
    );
    expect(() => readRequestSettings({ timeoutMs: 0 }, 'settings')).toThrow(
      'settings.timeoutMs must be a whole number',
    );
    expect(() => readRequestSettings({ proxy: { mode: 'url', url: 'nope' } }, 'settings')).toThrow('a proxy address');
  });

  it('never throw anything but a VALIDATION AppError for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          readRequestSettings(value, 'settings');
        } catch (error) {
          expect(isAppError(error) && error.code === 'VALIDATION').toBe(true);
        }
      }),
    );
  });
});
