import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand } from './support/app-process.js';

afterEach(cleanupAppProcesses);
const work = mkdtempSync(join(tmpdir(), 'client-unlink-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function json<T>(args: string[], dataDir: string): Promise<T> {
  const result = await runClientCommand(args, { dataDir });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}

describe('client project unlink', () => {
  it('unlinks a project: the files stay, the project keeps what it holds, and the folder no longer wins', async () => {
    const dataDir = createDataDir();
    const folder = join(mkdtempSync(join(work, 'repo-')), 'api');
    const { projectId: id } = await json<{ projectId: string }>(
      ['project', 'create', 'Shop', '--base-url', 'https://x.example'],
      dataDir,
    );
    await json(['project', 'link', 'Shop', folder], dataDir);
    writeFileSync(join(folder, 'Orders.yml'), 'name: Orders\nmethod: GET\npath: /orders\n');
    const before = await json<{ paths: Record<string, unknown> }>(['export', id, '--format', 'openapi'], dataDir);
    expect(Object.keys(before.paths)).toEqual(['/orders']);

    expect(await json(['project', 'unlink', 'Shop'], dataDir)).toEqual({ projectId: id, name: 'Shop', folder });
    expect(readFileSync(join(folder, 'Orders.yml'), 'utf8')).toContain('path: /orders');
    expect(existsSync(join(folder, 'client-project.yml'))).toBe(true);

    // An edit after the unlink is not the project's any more; what it had read is.
    writeFileSync(join(folder, 'Refunds.yml'), 'name: Refunds\nmethod: POST\npath: /refunds\n');
    const exported = await json<{ paths: Record<string, unknown> }>(['export', id, '--format', 'openapi'], dataDir);
    expect(Object.keys(exported.paths)).toEqual(['/orders']);

    // Opening the folder again makes a new project of it: the unlinked one stays as it is.
    const opened = await json<{ projectId: string; created: boolean }>(['project', 'open', folder], dataDir);
    expect(opened).toMatchObject({ created: true });
    expect(opened.projectId).not.toBe(id);
  });

  it('says when the project is not linked', async () => {
    const dataDir = createDataDir();
    await json(['project', 'create', 'Plain'], dataDir);
    const result = await runClientCommand(['project', 'unlink', 'Plain'], { dataDir });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('not linked');
  });
});
