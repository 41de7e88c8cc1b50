import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@client/core';
import { openStore, type Store } from '@client/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenOnKeptPort } from './kept-port.js';

let dir: string;
let store: Store;
const servers: Server[] = [];
const logged: string[] = [];

const server = (): Server => {
  const made = createServer();
  servers.push(made);
  return made;
};
const listen = () => listenOnKeptPort(server(), '127.0.0.1', store.preferences, (line) => logged.push(line));
const closeAll = () =>
  Promise.all(servers.splice(0).map((open) => new Promise<void>((resolve) => open.close(() => resolve()))));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-kept-port-'));
  store = openStore(join(dir, 'client.db'));
  logged.length = 0;
});

afterEach(async () => {
  await closeAll();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the UI server port', () => {
  it('is picked by the system on a first run and kept for the next', async () => {
    const first = await listen();
    expect(store.preferences.get('ui-port')).toBe(String(first));
    await closeAll();
    expect(await listen()).toBe(first);
    expect(logged).toEqual([]);
  });

  it('is picked again, and kept, when another process holds the kept one', async () => {
    const first = await listen();
    // The first listener stays open: the port is taken.
    const second = await listen();
    expect(second).not.toBe(first);
    expect(store.preferences.get('ui-port')).toBe(String(second));
  });

  it('ignores a kept value that is no port a user process may take', async () => {
    for (const junk of ['', 'abc', '80', '70000', '4110.5']) {
      store.preferences.set('ui-port', junk);
      const port = await listen();
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(store.preferences.get('ui-port')).toBe(String(port));
      await closeAll();
    }
  });

  it('still listens when the port cannot be written down, and says why', async () => {
    const unwritable = {
      get: () => undefined,
      set: () => {
        throw new AppError('STORAGE_FULL', 'the disk is full');
      },
    };
    const port = await listenOnKeptPort(server(), '127.0.0.1', unwritable, (line) => logged.push(line));
    expect(port).toBeGreaterThan(0);
    expect(logged).toEqual(['ui-server: the UI port could not be kept for the next run: the disk is full']);
  });
});
