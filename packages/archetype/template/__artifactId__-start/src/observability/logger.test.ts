import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../config/load-config.js';
import { createLogger } from './logger.js';

const directory = mkdtempSync(join(tmpdir(), 'logs-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function eventually(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !check(); attempt++) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('createLogger', () => {
  it('writes rolling log files from a worker thread in the prod profile', async () => {
    const overrides = { logging: { file: { path: join(directory, 'shop.log') } } };
    const logger = createLogger(await loadConfig({ env: { PROFILE: 'prod' }, overrides }));
    logger.info('written to the file');
    logger.flush();
    const file = join(directory, 'shop.1.log');
    await eventually(() => existsSync(file) && readFileSync(file, 'utf8').includes('written to the file'));
    const line = JSON.parse(readFileSync(file, 'utf8').trim().split('\n')[0] as string) as Record<string, unknown>;
    expect(line).toMatchObject({ msg: 'written to the file', trace: `${'0'.repeat(32)}-${'0'.repeat(16)}` });
    expect(readFileSync(join(directory, 'current.log'), 'utf8')).toBe(readFileSync(file, 'utf8'));
  });

  it('stops with one line naming the folder when the log folder cannot be written', async () => {
    // A regular file where the folder should be: not writable for any user, root included.
    const blocker = join(directory, 'not-a-folder');
    writeFileSync(blocker, '');
    const overrides = { logging: { file: { path: join(blocker, 'logs', 'shop.log') } } };
    const config = await loadConfig({ env: { PROFILE: 'prod' }, overrides });
    let message = '';
    try {
      createLogger(config);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.startsWith(`cannot write log files to ${join(blocker, 'logs')} (ENOTDIR): `), message).toBe(true);
    expect(message.split('\n')).toHaveLength(1);
  });
});
