import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_TIMEOUT, runCommand } from './support/archetype-process.js';

/**
 * The generator as a person outside this checkout gets it: `npm pack` of packages/archetype, run with npx from a
 * temporary directory under its own bin name, `client-archetype` (the public `archetype` package is another one).
 */
const repoRoot = resolve(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(repoRoot, 'packages/archetype/package.json'), 'utf8')) as {
  version: string;
};
const tarball = `client-archetype-${version}.tgz`;
const GENERATE = ['archetype:generate', '-DgroupId=com.acme', '-DartifactId=shop', '-DinteractiveMode=false'];

const scratch = mkdtempSync(join(tmpdir(), 'archetype-pack-'));
const elsewhere = join(scratch, 'elsewhere');
const reference = join(scratch, 'reference');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

function npx(args: string[]) {
  return runCommand('npx', ['--yes', '--package', `./${tarball}`, 'client-archetype', ...args], elsewhere);
}

beforeAll(async () => {
  mkdirSync(elsewhere);
  mkdirSync(reference);
  const packed = await runCommand(
    'npm',
    ['pack', '--pack-destination', elsewhere],
    join(repoRoot, 'packages/archetype'),
  );
  expect(packed.code, packed.output).toBe(0);
}, INSTALL_TIMEOUT);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the packed generator', () => {
  it(
    'installs with npx outside the checkout and writes the same project as the checkout’s generator',
    async () => {
      const generated = await npx(GENERATE);
      expect(generated.code, generated.output).toBe(0);
      expect(generated.output).toContain(`Project created in ${join(elsewhere, 'shop')}`);
      const fromCheckout = await runCommand(
        process.execPath,
        [join(repoRoot, 'packages/archetype/bin/archetype.js'), ...GENERATE],
        reference,
      );
      expect(fromCheckout.code, fromCheckout.output).toBe(0);

      const files = filesUnder(join(elsewhere, 'shop'));
      expect(files).toEqual(filesUnder(join(reference, 'shop')));
      expect(files).toEqual(
        expect.arrayContaining(['.gitignore', '.github/workflows/ci.yaml', 'shop-start/package.json']),
      );
      for (const file of files) {
        expect(readFileSync(join(elsewhere, 'shop', file), 'utf8'), file).toBe(
          readFileSync(join(reference, 'shop', file), 'utf8'),
        );
      }
    },
    INSTALL_TIMEOUT,
  );

  it(
    'refuses an existing target from the package too, with exit code 1',
    async () => {
      mkdirSync(join(elsewhere, 'taken'));
      const refused = await npx([...GENERATE.slice(0, 2), '-DartifactId=taken', '-DinteractiveMode=false']);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('already exists');
    },
    INSTALL_TIMEOUT,
  );
});
