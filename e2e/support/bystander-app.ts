import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CLIENT_BIN = resolve(import.meta.dirname, '../../packages/app/bin/client.js');

/**
 * Vitest global setup of the e2e run: a Client app on the ports every Client uses (4110–4129, with its own
 * data dir), as a developer's own `npm start` would be, for the whole run. The suite passes beside it only
 * because every test works on a port block of its own.
 */
export default async function startBystanderApp(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'client-e2e-bystander-'));
  const env: NodeJS.ProcessEnv = { ...process.env, CLIENT_DATA_DIR: dataDir };
  delete env.CLIENT_PORT_RANGE;
  delete env.CLIENT_FLAVOR;
  const child: ChildProcess = spawn(process.execPath, [CLIENT_BIN, '--no-window'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout?.setEncoding('utf8');
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the bystander app did not start:\n${printed}`)), 30_000);
    child.stdout?.on('data', (chunk: string) => {
      printed += chunk;
      if (/^Control plane: /m.test(printed)) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the bystander app exited (${code}) before it was ready:\n${printed}`));
    });
  });
  return async () => {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
