import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * What the repository's documents name, checked against the repository itself, so a document that names a file
 * that moved or a section that was renamed fails a test instead of misleading its reader.
 */
export interface NamedPath {
  line: number;
  path: string;
}

/** Folders of build output and installed packages: what a document names there exists only after a build. */
const GENERATED = new Set(['node_modules', 'dist', 'build', 'binaries', 'screenshots', 'coverage', 'results']);
/** Source file names a document may give without their folder. */
const SOURCE_FILE = /^[\w.-]+\.(?:ts|tsx|mts|cts|mjs|cjs)$/;
/** Characters that make a word a pattern, a placeholder or an example rather than a path. */
const NOT_A_PATH = /[*<>{}…$%~?#[\]|]/;

const isGenerated = (path: string) => path.split('/').some((segment) => GENERATED.has(segment) || segment === '.cache');

/** A word of a code span or code block, as a path from the repository root, when it is one. */
function repositoryPath(word: string, rootEntries: ReadonlySet<string>): string | null {
  const path = word
    .replace(/^[("'`]+|[)"'`,.;:]+$/g, '')
    // A line number after a file: `e2e/ui-theme.test.ts:42`.
    .replace(/:\d+(?::\d+)?$/, '');
  if (path === '' || NOT_A_PATH.test(path) || path.startsWith('/') || path.includes('://')) return null;
  const first = path.split('/', 1)[0] ?? '';
  if (!path.includes('/') && !SOURCE_FILE.test(path)) return null;
  if (path.includes('/') && !rootEntries.has(first)) return null;
  return isGenerated(path) ? null : path;
}

/**
 * The repository paths a Markdown document names: every word of its code spans and fenced code blocks that starts
 * with one of `rootEntries` (`packages/app/src/`, or a command's `e2e/ui-theme.test.ts`), every source file it
 * names by its bare name (`checked-sends.ts`), and every relative link target, resolved from `documentDir` (the
 * document's folder, relative to the root). Patterns, placeholders and build output are left out.
 */
export function namedPaths(markdown: string, rootEntries: ReadonlySet<string>, documentDir = ''): NamedPath[] {
  const found: NamedPath[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (/^\s*(?:```|~~~)/.test(text)) {
      fenced = !fenced;
      return;
    }
    const code = fenced ? [text] : [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
    for (const span of code) {
      for (const word of span.split(/\s+/)) {
        const path = repositoryPath(word, rootEntries);
        if (path !== null) found.push({ line, path });
      }
    }
    if (fenced) return;
    for (const link of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (link[1] ?? '').split('#', 1)[0] ?? '';
      if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      found.push({ line, path: join(documentDir, target).split(sep).join('/') });
    }
  });
  return found;
}

/** Every tracked file's name, for bare names: a walk of the repository that skips build output and packages. */
function fileNames(root: string): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!GENERATED.has(entry.name) && entry.name !== '.git' && entry.name !== '.cache') walk(join(dir, entry.name));
      } else names.add(entry.name);
    }
  };
  walk(root);
  return names;
}

/** The top-level entries of the repository: the first segments a path from its root may start with. */
export function rootEntries(root: string): Set<string> {
  return new Set(readdirSync(root).filter((name) => name !== '.git' && !GENERATED.has(name)));
}

/** The paths `document` (relative to `root`) names that are not in the repository. */
export function missingPaths(root: string, document: string): NamedPath[] {
  const named = namedPaths(readFileSync(join(root, document), 'utf8'), rootEntries(root), dirname(document));
  let names: Set<string> | null = null;
  return named.filter(({ path }) => {
    if (path.includes('/') || path.startsWith('.')) return !existsSync(join(root, path));
    names ??= fileNames(root);
    return !names.has(path);
  });
}

/**
 * The links of `document` (relative to `root`) to a section, `#anchor` or `file.md#anchor`, whose target has no
 * heading with that anchor.
 */
export function brokenSectionLinks(root: string, document: string): { line: number; link: string }[] {
  const text = readFileSync(join(root, document), 'utf8');
  const broken: { line: number; link: string }[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\]\(([^)\s]*)#([^)\s]+)\)/g)) {
      const [link, file = '', anchor = ''] = match;
      if (/^[a-z][a-z0-9+.-]*:/i.test(file)) continue;
      const target = file === '' ? join(root, document) : join(root, dirname(document), file);
      const anchors = existsSync(target) ? headingAnchors(readFileSync(target, 'utf8')) : new Set<string>();
      if (!anchors.has(anchor)) broken.push({ line: index + 1, link: link.slice(2, -1) });
    }
  });
  return broken;
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown document's headings, outside code blocks. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const text of markdown.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(text)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text);
    if (heading?.[1] !== undefined) anchors.add(headingAnchor(heading[1]));
  }
  return anchors;
}

/** `ARCHITECTURE.md#<anchor>` references in any text, by line. */
export function architectureAnchors(text: string): { line: number; anchor: string }[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(/ARCHITECTURE\.md#([\w-]+)/g)].map((match) => ({ line: index + 1, anchor: match[1] ?? '' })),
    );
}

/** A citation of the design document that lives outside the repository: its name, or its sections (`§2`). */
const OUTSIDE_DESIGN = /\bDESIGN(?:\.md\b|\s*§)/;

/** The lines of `text` that cite the design document kept outside the repository. */
export function outsideDesignCitations(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .flatMap((line, index) => (OUTSIDE_DESIGN.test(line) ? [{ line: index + 1, text: line.trim() }] : []));
}

/** Folders holding no source or document of ours: build output, installed packages, local results and caches. */
const NOT_OURS = new Set([...GENERATED, '.git', '.cache', '.vite']);
/** Larger files are data (a lock file, a recorded collection), not what a person reads. */
const MAX_TEXT_BYTES = 4 * 1024 * 1024;

/**
 * The repository's source and documentation files, relative to `root`: every text file outside build output,
 * installed packages and caches, the archetype's template and capabilities included. A file with a NUL byte is
 * binary (an icon) and left out.
 */
export function sourceAndDocFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_OURS.has(entry.name)) walk(path);
      } else if (entry.isFile() && statSync(path).size <= MAX_TEXT_BYTES && !readFileSync(path).includes(0)) {
        files.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  walk(root);
  return files.sort();
}
