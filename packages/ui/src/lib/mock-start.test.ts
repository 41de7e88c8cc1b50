import type { MockInfo, MockLogEntry } from '@client/core';
import { describe, expect, it } from 'vitest';
import { buildMockStart, MOCK_LOG_LIMIT, type MockSetup, mockOptionWords, withLogEntries } from './mock-start.js';

const setup: MockSetup = { folderId: null, port: '', validate: true, delay: undefined, corsOrigins: '' };

describe('buildMockStart', () => {
  it('leaves out what is left blank, so the app picks the port and allows any origin', () => {
    expect(buildMockStart('p1', setup)).toEqual({
      ok: true,
      value: { projectId: 'p1', folderId: null, validate: true },
    });
    expect(buildMockStart('p1', { ...setup, corsOrigins: ' * ' })).toEqual(buildMockStart('p1', setup));
  });

  it('sends a port, a delay and a list of origins as typed, commas or spaces between them', () => {
    const built = buildMockStart('p1', {
      folderId: 'f1',
      port: '4020',
      validate: false,
      delay: { minMs: 100, maxMs: 300 },
      corsOrigins: 'http://localhost:5173, https://app.test:8443  http://127.0.0.1:3000',
    });
    expect(built).toEqual({
      ok: true,
      value: {
        projectId: 'p1',
        folderId: 'f1',
        port: 4020,
        validate: false,
        delay: { minMs: 100, maxMs: 300 },
        corsOrigins: ['http://localhost:5173', 'https://app.test:8443', 'http://127.0.0.1:3000'],
      },
    });
  });

  it('names a port out of range, a reversed delay and an origin with a path', () => {
    for (const port of ['0', '65536', '40.5', 'abc']) {
      expect(buildMockStart('p1', { ...setup, port })).toMatchObject({
        ok: false,
        problem: expect.stringMatching(/port/),
      });
    }
    expect(buildMockStart('p1', { ...setup, delay: { minMs: 500, maxMs: 100 } })).toMatchObject({ ok: false });
    expect(buildMockStart('p1', { ...setup, corsOrigins: 'http://localhost:5173/app' })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('“http://localhost:5173/app” is not an origin'),
    });
  });
});

describe('mockOptionWords', () => {
  it('says validation, delay and CORS as a person reads them', () => {
    const mock = { validate: true, corsOrigins: '*' } as MockInfo;
    expect(mockOptionWords(mock)).toEqual(['validates requests', 'CORS: any origin']);
    expect(
      mockOptionWords({ ...mock, validate: false, delay: { minMs: 200, maxMs: 200 }, corsOrigins: ['http://a.test'] }),
    ).toEqual(['no validation', 'delay 200 ms', 'CORS: http://a.test']);
    expect(mockOptionWords({ ...mock, delay: { minMs: 100, maxMs: 400 } })).toContain('delay 100–400 ms');
  });
});

describe('withLogEntries', () => {
  const entry = (mockId: string, n: number): MockLogEntry => ({
    mockId,
    at: new Date(Date.UTC(2026, 10, 29, 9, 0, n)).toISOString(),
    method: 'GET',
    path: `/users/${n}`,
    status: 200,
    endpointId: 'e1',
    endpointName: 'Get user',
    answer: '200 OK',
    ms: 1,
  });

  it('adds each entry to its mock, oldest first, without changing the logs it was given', () => {
    const logs = new Map([['m1', [entry('m1', 1)]]]);
    const next = withLogEntries(logs, [entry('m2', 2), entry('m1', 3)]);
    expect(next.get('m1')?.map((item) => item.path)).toEqual(['/users/1', '/users/3']);
    expect(next.get('m2')?.map((item) => item.path)).toEqual(['/users/2']);
    expect(logs.get('m1')).toHaveLength(1);
  });

  it('keeps only the newest entries of a busy mock', () => {
    const many = Array.from({ length: MOCK_LOG_LIMIT + 5 }, (_, n) => entry('m1', n));
    const log = withLogEntries(new Map(), many).get('m1') ?? [];
    expect(log).toHaveLength(MOCK_LOG_LIMIT);
    expect(log[0]?.path).toBe('/users/5');
  });
});
