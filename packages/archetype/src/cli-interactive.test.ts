import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from './cli.js';
import { scratchDirectory } from './generate-project.test-support.js';

const newScratch = scratchDirectory('archetype-prompt-');
const ENTER = '\r';

/** A terminal on both ends: keystrokes go in, the rendered prompts come out. */
function terminal() {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => stdin });
  const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 100, rows: 40 });
  let screen = '';
  stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
  });
  /** Waits until `text` is shown, then types `keys`. */
  const answer = async (text: string, keys: string): Promise<void> => {
    await vi.waitFor(() => expect(screen).toContain(text), { timeout: 10_000, interval: 10 });
    stdin.write(keys);
  };
  return { stdin, stdout, answer, screen: () => screen };
}

describe('archetype archetype:generate in a terminal', { timeout: 30_000 }, () => {
  it('asks for every parameter not given, with the defaults filled in, then for confirmation', async () => {
    const cwd = newScratch();
    const tty = terminal();
    const stderr = new PassThrough();
    const exit = runCli(['archetype:generate', '-Dversion=3.0.0'], {
      cwd,
      env: {},
      stdin: tty.stdin,
      stdout: tty.stdout,
      stderr,
    });
    await tty.answer('groupId (npm scope of every module)', ENTER);
    await tty.answer('artifactId (project directory and module prefix)', `shop${ENTER}`);
    await tty.answer('package (base namespace)', ENTER);
    await tty.answer('Generate ./shop with groupId com.example, version 3.0.0, package com.example?', ENTER);
    expect(await exit).toBe(0);
    const manifest = JSON.parse(readFileSync(join(cwd, 'shop', 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    expect(manifest).toMatchObject({ name: '@com.example/shop', version: '3.0.0' });
    expect(tty.screen()).not.toContain('version (');
  });

  it('writes nothing when the confirmation is declined', async () => {
    const cwd = newScratch();
    const tty = terminal();
    const stderr = new PassThrough();
    const errors: string[] = [];
    stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    const exit = runCli(
      ['archetype:generate', '-DartifactId=shop', '-DgroupId=com.acme', '-Dversion=1.0.0', '-Dpackage=com.acme'],
      {
        cwd,
        env: {},
        stdin: tty.stdin,
        stdout: tty.stdout,
        stderr,
      },
    );
    await tty.answer('Generate ./shop', `n${ENTER}`);
    expect(await exit).toBe(1);
    expect(errors.join('')).toBe('[ERROR] generation cancelled; nothing was written\n');
    expect(readdirSync(cwd)).toEqual([]);
  });
});
