import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Fixed sleeps in the repository's tests. A test waits for the event it needs (`vi.waitFor`, `expect.poll`,
 * Playwright's auto-waiting `waitFor`/`expect`, an event or a line of output), or for a later event that proves a
 * thing that must not happen would have happened by then; a fixed sleep passes when the thing merely happens late
 * and fails on a loaded machine. Found here, line by line:
 * - a timer that resolves a promise: `new Promise((resolve) => setTimeout(resolve, 50))`, or its callback calling
 *   the promise's resolve (a sleep helper is one of these);
 * - `node:timers/promises`, whose `setTimeout` is a sleep;
 * - Playwright's `waitForTimeout`.
 * A timer that ends a wait with a failure (`setTimeout(() => reject(…), ms)`), or with which a stand-in server
 * answers late on purpose (`setTimeout(() => response.end(), ms)`), is not a sleep.
 */
export interface FixedSleep {
  line: number;
  text: string;
}

/**
 * A promise's executor and the name of its resolve: `new Promise((resolve) =>`, `new Promise<void>((done, fail) =>`,
 * `new Promise(r =>`, `new Promise(function (resolve) {`.
 */
const EXECUTOR = /new Promise(?:<[^>]*>)?\(\s*(?:function\s*[\w$]*\s*)?\(?\s*([A-Za-z_$][\w$]*)/g;
/** How far after an executor's start its timer is looked for: a sleep's executor is a line or two. */
const EXECUTOR_REACH = 240;
const SLEEP_CALLS = [/\bwaitForTimeout\(/, /from\s+['"](?:node:)?timers\/promises['"]/];

const escapeRegExp = (text: string) => text.replace(/[$]/g, '\\$');

export function fixedSleeps(source: string): FixedSleep[] {
  const lineStarts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
  }
  const lineOf = (offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && (lineStarts[line + 1] ?? 0) <= offset) line++;
    return line + 1;
  };
  const lines = source.split('\n');
  const found = new Map<number, FixedSleep>();
  const add = (line: number) => found.set(line, { line, text: (lines[line - 1] ?? '').trim() });

  for (const match of source.matchAll(EXECUTOR)) {
    const resolve = escapeRegExp(match[1] ?? '');
    const reach = source.slice(match.index, match.index + EXECUTOR_REACH);
    // setTimeout(resolve, ms), or setTimeout(() => resolve(…), ms)
    const timer = new RegExp(`setTimeout\\(\\s*(?:${resolve}\\s*[,)]|\\(\\)\\s*=>\\s*\\{?\\s*${resolve}\\()`).exec(
      reach,
    );
    if (timer !== null) add(lineOf(match.index + timer.index));
  }
  lines.forEach((text, index) => {
    if (SLEEP_CALLS.some((call) => call.test(text))) add(index + 1);
  });
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/**
 * The repository's test code, relative to `root`: everything in e2e/, and the tests, test support and test folders
 * of scripts/ and of each package (not the archetype's template and capabilities, the generated service's own).
 */
export function testFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, take: (path: string) => boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path, take);
      } else if (take(relative(root, path).split(sep).join('/'))) files.push(relative(root, path).split(sep).join('/'));
    }
  };
  const code = (path: string) => /\.[cm]?[jt]sx?$/.test(path);
  const testCode = (path: string) =>
    code(path) && (/\.test(?:-support)?\.[cm]?[jt]sx?$/.test(path) || /\/(?:testing|test)\//.test(path));
  walk(join(root, 'e2e'), code);
  walk(join(root, 'scripts'), testCode);
  for (const name of readdirSync(join(root, 'packages'))) {
    for (const folder of ['src', 'test']) {
      if (existsSync(join(root, 'packages', name, folder))) walk(join(root, 'packages', name, folder), testCode);
    }
  }
  return files.sort();
}

/** Every fixed sleep in the repository's tests, by file. */
export function repositorySleeps(root: string): Record<string, FixedSleep[]> {
  const sleeps: Record<string, FixedSleep[]> = {};
  for (const file of testFiles(root)) {
    const found = fixedSleeps(readFileSync(join(root, file), 'utf8'));
    if (found.length > 0) sleeps[file] = found;
  }
  return sleeps;
}
