import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One start of the stand-in browser: its arguments, and the page a `file:` argument named, as it was then. */
interface BrowserVisit {
  argv: string[];
  page: { path: string; mode: number; folderMode: number; text: string } | null;
}

export interface StandInBrowser {
  /** The program to set as `BROWSER`. */
  program: string;
  /** Every start so far, oldest first. */
  visits(): BrowserVisit[];
}

/**
 * A program to set as the system browser (`BROWSER`) that writes down each start: the command line it got (what
 * every account on the machine can read in `ps`) and, before the app can remove it, the page a `file:` URL named,
 * with its mode and its folder's mode.
 */
export function standInBrowser(dir: string): StandInBrowser {
  const log = join(dir, 'browser-visits.jsonl');
  const program = join(dir, 'stand-in-browser.mjs');
  writeFileSync(
    program,
    `#!${process.execPath}
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
const argv = process.argv.slice(2);
let page = null;
if (argv[0]?.startsWith('file:')) {
  const path = fileURLToPath(argv[0]);
  const mode = statSync(path).mode & 0o777;
  page = { path, mode, folderMode: statSync(dirname(path)).mode & 0o777, text: readFileSync(path, 'utf8') };
}
appendFileSync(${JSON.stringify(log)}, JSON.stringify({ argv, page }) + '\\n');
`,
  );
  chmodSync(program, 0o755);
  return {
    program,
    visits: () => {
      const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
      // Only whole lines: the program may be writing the last one.
      return text
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as BrowserVisit);
    },
  };
}

/** Where a launch page sends the browser on to. */
export function launchPageTarget(page: string): string {
  const found = /<script>location\.replace\(("(?:[^"\\]|\\.)*")\)<\/script>/.exec(page);
  if (found?.[1] === undefined) throw new Error(`not a launch page: ${page}`);
  return JSON.parse(found[1]) as string;
}
