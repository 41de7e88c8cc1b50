import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@client/store';
import { afterEach, beforeEach } from 'vitest';
import { createMockControl } from './create-mock-control.js';
import type { MockControl, MockEvent } from './mock-control.js';

/** A port the system has just handed out and taken back: free unless something takes it in between. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface MockFixture {
  store: Store;
  dataDir: string;
  control: MockControl;
  events: MockEvent[];
}

/** Gives each test a real store file, a MockControl over it, and the events it announced; stops its mocks after. */
export function useMockFixture(): MockFixture {
  const fixture = {} as MockFixture;
  beforeEach(async () => {
    fixture.dataDir = mkdtempSync(join(tmpdir(), 'client-mocks-'));
    fixture.store = openStore(join(fixture.dataDir, 'client.db'));
    const first = await freePort();
    fixture.control = createMockControl({ store: fixture.store, ports: { first, last: first } });
    fixture.events = [];
    fixture.control.onEvent((event) => fixture.events.push(event));
  });
  afterEach(async () => {
    await fixture.control.stopAll();
    await fixture.store.close();
    rmSync(fixture.dataDir, { recursive: true, force: true });
  });
  return fixture;
}

export interface MockCall {
  status: number;
  headers: Headers;
  text: string;
  json: () => unknown;
}

/** Sends one request to a mock and reads the whole answer. */
export async function call(
  url: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<MockCall> {
  const response = await fetch(`${url}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}
