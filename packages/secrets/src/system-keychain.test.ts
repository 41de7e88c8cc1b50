import { AppError } from '@client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DbusSession,
  envWithoutDbus,
  PATIENT_TIMEOUT_MS,
  startKeyringSession,
  startStalledSecretServiceSession,
} from './dbus-session.test-support.js';
import { systemKeychain } from './system-keychain.js';

const entry = { service: 'Client-test', account: 'data-key' };

describe('the system keychain without a D-Bus session', { timeout: 60_000 }, () => {
  it('rejects every call with the reason the Secret Service could not be reached', async () => {
    // Left to choose, the library would quietly use the kernel keyring here (getPassword resolving null).
    const keychain = systemKeychain({ env: envWithoutDbus(), timeoutMs: PATIENT_TIMEOUT_MS });
    for (const call of [() => keychain.getPassword(entry), () => keychain.setPassword(entry, 'value')]) {
      const error = await call().catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'INTERNAL',
        message: expect.stringMatching(/^The system keychain did not answer: .*DBUS_SESSION_BUS_ADDRESS/),
      });
    }
  });
});

describe('the system keychain in a D-Bus session with gnome-keyring', { timeout: 60_000 }, () => {
  let session: DbusSession;
  beforeAll(async () => {
    session = await startKeyringSession();
  }, 60_000);
  afterAll(() => session.stop());

  it('answers null for an entry that does not exist', async () => {
    expect(
      await systemKeychain({ env: session.env, timeoutMs: PATIENT_TIMEOUT_MS }).getPassword({
        ...entry,
        service: 'Client-absent',
      }),
    ).toBeNull();
  });

  it('stores a password and reads it back from another call', async () => {
    const password = 'dGhpcyBpcyBub3QgYSByZWFsIGtleSBidXQgYmFzZTY0 🔑';
    await systemKeychain({ env: session.env, timeoutMs: PATIENT_TIMEOUT_MS }).setPassword(entry, password);
    expect(await systemKeychain({ env: session.env, timeoutMs: PATIENT_TIMEOUT_MS }).getPassword(entry)).toBe(password);
  });

  it('keeps entries of different services apart', async () => {
    const keychain = systemKeychain({ env: session.env, timeoutMs: PATIENT_TIMEOUT_MS });
    await keychain.setPassword({ service: 'Client', account: 'data-key' }, 'release');
    await keychain.setPassword({ service: 'Client-dev', account: 'data-key' }, 'dev');
    expect(await keychain.getPassword({ service: 'Client', account: 'data-key' })).toBe('release');
    expect(await keychain.getPassword({ service: 'Client-dev', account: 'data-key' })).toBe('dev');
  });
});

describe('the system keychain when the Secret Service never answers', { timeout: 60_000 }, () => {
  let session: DbusSession;
  beforeAll(async () => {
    session = await startStalledSecretServiceSession();
  }, 60_000);
  afterAll(() => session.stop());

  it('gives up after its timeout instead of waiting for the service', async () => {
    const error = await systemKeychain({ env: session.env, timeoutMs: 300 })
      .getPassword(entry)
      .catch((failure: unknown) => failure);
    expect(error).toMatchObject({
      code: 'INTERNAL',
      message: 'The system keychain did not answer: no answer within 300 ms',
    });
  });
});
