import { describe, expect, it } from 'vitest';
import type { EndpointDraft } from '../model.js';
import { isEnabled, keptEnabled, withoutDisabledRows } from './enabled-rows.js';

const base: EndpointDraft = {
  name: 'x',
  method: 'POST',
  path: '/',
  queryParams: [],
  headers: [],
  body: { mode: 'none' },
  auth: { type: 'none' },
  state: 'Designing',
};

describe('withoutDisabledRows', () => {
  it('leaves out the params, headers, form fields and parts that are off, and keeps the rest in order', () => {
    const request: EndpointDraft = {
      ...base,
      queryParams: [
        { key: 'a', value: '1', enabled: false },
        { key: 'b', value: '2' },
        { key: 'c', value: '3', enabled: true },
      ],
      headers: [
        { key: 'X-On', value: '1' },
        { key: 'X-Off', value: '2', enabled: false },
      ],
      body: {
        mode: 'multipart',
        parts: [
          { name: 'file', file: '/tmp/x', enabled: false },
          { name: 'note', value: 'hi' },
        ],
      },
    };
    expect(withoutDisabledRows(request)).toEqual({
      ...request,
      queryParams: [
        { key: 'b', value: '2' },
        { key: 'c', value: '3', enabled: true },
      ],
      headers: [{ key: 'X-On', value: '1' }],
      body: { mode: 'multipart', parts: [{ name: 'note', value: 'hi' }] },
    });
    const form = { ...base, body: { mode: 'urlencoded' as const, fields: [{ key: 'k', value: 'v', enabled: false }] } };
    expect(withoutDisabledRows(form).body).toEqual({ mode: 'urlencoded', fields: [] });
  });

  it('reads an absent enabled as on and keeps only false', () => {
    expect([{}, { enabled: true }, { enabled: false }].map(isEnabled)).toEqual([true, true, false]);
    expect([undefined, true, false, 'no'].map(keptEnabled)).toEqual([{}, {}, { enabled: false }, {}]);
  });
});
