import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  architectureAnchors,
  brokenSectionLinks,
  headingAnchor,
  headingAnchors,
  missingPaths,
  namedPaths,
  outsideDesignCitations,
  sourceAndDocFiles,
} from './docs-paths.js';

const root = join(import.meta.dirname, '..');

/** The documents a newcomer reads to find their way in the code. */
const GUIDES = ['docs/ARCHITECTURE.md', 'CONTRIBUTING.md', 'docs/testing.md'];

/** The design document's name and a section of it, written so that this file does not cite it itself. */
const DESIGN_FILE = ['DESIGN', 'md'].join('.');
const DESIGN_SECTION = ['DESIGN', '§4'].join(' ');

describe('the paths a document names', () => {
  const entries = new Set(['packages', 'e2e', 'README.md', '.ci']);

  it('are read from code spans, code blocks and relative links, by line', () => {
    const markdown = [
      'The sender is `packages/app/src/sending/` (see `checked-sends.ts`).',
      'Run `npx vitest run e2e/ui-theme.test.ts:42 --project e2e` or read [the README](../README.md#set-up).',
      '```sh',
      'node packages/app/bin/client.js --no-window',
      '```',
      'CI runs `.ci/run`.',
    ].join('\n');
    expect(namedPaths(markdown, entries, 'docs')).toEqual([
      { line: 1, path: 'packages/app/src/sending/' },
      { line: 1, path: 'checked-sends.ts' },
      { line: 2, path: 'e2e/ui-theme.test.ts' },
      { line: 2, path: 'README.md' },
      { line: 4, path: 'packages/app/bin/client.js' },
      { line: 6, path: '.ci/run' },
    ]);
  });

  it('leave out routes, packages by name, media types, patterns, placeholders, build output and web links', () => {
    const markdown = [
      '`POST /agent/curl` answers `application/json`; `@client/http` sends with `zod/mini` checks.',
      '`packages/*/src/**/*.test.ts`, `packages/<name>/src/index.ts`, `packages/ui/dist/first-screen.json`.',
      '`node_modules/.cache/client-release/`, `~/.cache/client`, `$XDG_CACHE_HOME/client`, `agent.json`.',
      'See [the spec](https://example.com/spec.md) and [above](#packages).',
    ].join('\n');
    expect(namedPaths(markdown, entries)).toEqual([]);
  });

  it('of the guides are all in the repository', () => {
    for (const guide of GUIDES) {
      expect(missingPaths(root, guide), guide).toEqual([]);
    }
  });
});

describe('links to a section', () => {
  it('use the anchors headings get', () => {
    expect(headingAnchor("An agent's send, with the person's consent")).toBe('an-agents-send-with-the-persons-consent');
    expect(headingAnchor('First-screen HTML')).toBe('first-screen-html');
    expect(headingAnchor('The `client run` command')).toBe('the-client-run-command');
    expect(headingAnchors('# Title\n```md\n## Not a heading\n```\n### Lazy routes\n')).toEqual(
      new Set(['title', 'lazy-routes']),
    );
  });

  it('in the guides lead to a heading of their target', () => {
    for (const guide of GUIDES) {
      expect(brokenSectionLinks(root, guide), guide).toEqual([]);
    }
  });

  it('into docs/ARCHITECTURE.md from any file lead to one of its headings', () => {
    const anchors = headingAnchors(readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8'));
    const broken = sourceAndDocFiles(root).flatMap((file) =>
      architectureAnchors(readFileSync(join(root, file), 'utf8'))
        .filter(({ anchor }) => !anchors.has(anchor))
        .map(({ line, anchor }) => `${file}:${line} #${anchor}`),
    );
    expect(broken).toEqual([]);
  });
});

describe('citations of a design document outside the repository', () => {
  it('are found by its name and by its sections', () => {
    const text = [
      `/** The routes of ${DESIGN_SECTION}. */`,
      `See ${DESIGN_FILE} for the layers.`,
      'The design lives in docs/ARCHITECTURE.md#the-agent-surface; DESIGNER and DESIGNS are other words.',
    ].join('\n');
    expect(outsideDesignCitations(text)).toEqual([
      { line: 1, text: `/** The routes of ${DESIGN_SECTION}. */` },
      { line: 2, text: `See ${DESIGN_FILE} for the layers.` },
    ]);
  });

  it('are in no source or document of the repository, the generated projects’ templates included', () => {
    const files = sourceAndDocFiles(root);
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/ARCHITECTURE.md',
        'packages/secrets/README.md',
        'packages/control-plane/src/agent-routes.ts',
        'packages/archetype/template/README.md',
        'e2e/dependency-rules.test.ts',
      ]),
    );
    const citing = files.flatMap((file) =>
      outsideDesignCitations(readFileSync(join(root, file), 'utf8')).map(({ line, text }) => `${file}:${line} ${text}`),
    );
    expect(citing).toEqual([]);
  });
});
