import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_REQUEST_SETTINGS, type RequestSettings } from '@client/core';
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { DispatcherPool } from './dispatcher.js';

const asIs = (text: string) => text;

/** Whether a request on the dispatcher fails because it is closed (any other failure: it is open). */
function closedError(dispatcher: Dispatcher): Promise<boolean> {
  return dispatcher.request({ origin: 'http://127.0.0.1:1', path: '/', method: 'GET' }).then(
    () => false,
    (error: { code?: string }) => error.code === 'UND_ERR_CLOSED',
  );
}

function settings(changes: Partial<RequestSettings> = {}): RequestSettings {
  return { ...DEFAULT_REQUEST_SETTINGS, ...changes };
}

describe('DispatcherPool', () => {
  let pool: DispatcherPool;
  const dirs: string[] = [];

  afterEach(async () => {
    await pool.destroy();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same dispatcher to sends with the same settings, so their connections are kept alive', async () => {
    pool = new DispatcherPool();
    const first = await pool.for(settings(), asIs);
    expect(await pool.for(settings(), asIs)).toBe(first);
    expect(await pool.for(settings({ timeoutMs: 5 }), asIs)).toBe(first);
  });

  it('never shares connections across TLS, HTTP/2 or proxy settings', async () => {
    pool = new DispatcherPool();
    const plain = await pool.for(settings(), asIs);
    const others = [
      await pool.for(settings({ verifyTls: false }), asIs),
      await pool.for(settings({ http2: !DEFAULT_REQUEST_SETTINGS.http2 }), asIs),
      await pool.for(settings({ proxy: { mode: 'none' } }), asIs),
      await pool.for(settings({ proxy: { mode: 'url', url: 'http://127.0.0.1:1', noProxy: '' } }), asIs),
      await pool.for(settings({ proxy: { mode: 'url', url: 'http://127.0.0.1:1', noProxy: 'example.org' } }), asIs),
    ];
    expect(new Set([plain, ...others]).size).toBe(6);
  });

  it('makes a new dispatcher when a CA file named in the settings changes, and reads it as the variables say', async () => {
    pool = new DispatcherPool();
    const dir = mkdtempSync(join(tmpdir(), 'client-pool-'));
    dirs.push(dir);
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, 'first');
    const named = settings({ caFile: '{{ca}}' });
    const resolve = (text: string) => text.replace('{{ca}}', caFile);
    const first = await pool.for(named, resolve);
    expect(await pool.for(named, resolve)).toBe(first);
    writeFileSync(caFile, 'second');
    expect(await pool.for(named, resolve)).not.toBe(first);
  });

  it('closes the least recently used dispatcher beyond eight', async () => {
    pool = new DispatcherPool();
    const proxied = (port: number) =>
      settings({ proxy: { mode: 'url', url: `http://127.0.0.1:${port}`, noProxy: '' } });
    const oldest = await pool.for(proxied(1), asIs);
    const kept = await pool.for(proxied(2), asIs);
    for (let port = 3; port <= 8; port++) await pool.for(proxied(port), asIs);
    expect(await pool.for(proxied(2), asIs)).toBe(kept);
    await pool.for(proxied(9), asIs);
    expect(await closedError(oldest)).toBe(true);
    expect(await closedError(kept)).toBe(false);
    expect(await pool.for(proxied(1), asIs)).not.toBe(oldest);
  });

  it('refuses a CA file that cannot be read, naming it', async () => {
    pool = new DispatcherPool();
    await expect(pool.for(settings({ caFile: '/nonexistent/ca.pem' }), asIs)).rejects.toThrow(
      'the CA file /nonexistent/ca.pem cannot be read (ENOENT)',
    );
  });
});
