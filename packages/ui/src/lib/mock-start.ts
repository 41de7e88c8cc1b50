import type { ExampleDelay, MockInfo, MockLogEntry, MockStartOptions } from '@client/core';

/** The Mock view's start form as typed. */
export interface MockSetup {
  /** null: the whole project. */
  folderId: string | null;
  /** Blank: the first free port from 4010. */
  port: string;
  validate: boolean;
  delay: ExampleDelay | undefined;
  /** Blank or `*`: any origin; else origins split by commas or spaces. */
  corsOrigins: string;
}

/** What the window sends to start a mock: the options without who started it (the app says the person). */
export type MockStartRequest = Omit<MockStartOptions, 'startedBy'>;

const ORIGIN = /^https?:\/\/[^\s/]+$/i;

/** The request the form makes, or what is wrong with it. */
export function buildMockStart(
  projectId: string,
  setup: MockSetup,
): { ok: true; value: MockStartRequest } | { ok: false; problem: string } {
  const request: MockStartRequest = { projectId, folderId: setup.folderId, validate: setup.validate };
  const port = setup.port.trim();
  if (port !== '') {
    const value = Number(port);
    if (!Number.isInteger(value) || value < 1 || value > 65_535) {
      return {
        ok: false,
        problem: 'The port must be a whole number from 1 to 65535; leave it blank for the first free one.',
      };
    }
    request.port = value;
  }
  if (setup.delay !== undefined) {
    if (setup.delay.maxMs < setup.delay.minMs) {
      return { ok: false, problem: 'The longest delay must not be shorter than the shortest.' };
    }
    request.delay = setup.delay;
  }
  const origins = setup.corsOrigins.split(/[\s,]+/).filter((origin) => origin !== '');
  if (origins.length > 0 && !(origins.length === 1 && origins[0] === '*')) {
    const wrong = origins.find((origin) => !ORIGIN.test(origin));
    if (wrong !== undefined) {
      return { ok: false, problem: `“${wrong}” is not an origin: write it like http://localhost:5173, or * for any.` };
    }
    request.corsOrigins = origins;
  }
  return { ok: true, value: request };
}

/** The options a running mock has, in words: `validates requests`, `delay 100–400 ms`, `CORS: any origin`. */
export function mockOptionWords(mock: MockInfo): string[] {
  const words = [mock.validate ? 'validates requests' : 'no validation'];
  if (mock.delay !== undefined) {
    const { minMs, maxMs } = mock.delay;
    words.push(minMs === maxMs ? `delay ${minMs} ms` : `delay ${minMs}–${maxMs} ms`);
  }
  words.push(mock.corsOrigins === '*' ? 'CORS: any origin' : `CORS: ${mock.corsOrigins.join(', ')}`);
  return words;
}

/** How many requests the window keeps of each mock: its log is a glance at the latest, not a record. */
export const MOCK_LOG_LIMIT = 200;

/** The logs with newly answered requests added to their mock's (oldest first), each cut to its newest entries. */
export function withLogEntries(
  logs: ReadonlyMap<string, readonly MockLogEntry[]>,
  entries: readonly MockLogEntry[],
): Map<string, MockLogEntry[]> {
  const next = new Map<string, MockLogEntry[]>();
  for (const [mockId, log] of logs) next.set(mockId, [...log]);
  for (const entry of entries) {
    const log = next.get(entry.mockId) ?? [];
    log.push(entry);
    next.set(entry.mockId, log);
  }
  for (const [mockId, log] of next) if (log.length > MOCK_LOG_LIMIT) next.set(mockId, log.slice(-MOCK_LOG_LIMIT));
  return next;
}
