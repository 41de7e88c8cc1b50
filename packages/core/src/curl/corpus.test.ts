import { describe, expect, it } from 'vitest';
import extraCorpusJson from './corpus/extra.json' with { type: 'json' };
import { checkCorpusCase, readCorpus } from './corpus-check.test-support.js';

/** The shared corpus lives beside the repository: `../shared/curl-corpus/public.json` from its root. */
const publicCorpusUrl = new URL('../../../../../shared/curl-corpus/public.json', import.meta.url);
const publicCorpus = readCorpus(
  (await import(publicCorpusUrl.href, { with: { type: 'json' } })).default,
  'public.json',
);
const extraCorpus = readCorpus(extraCorpusJson, 'corpus/extra.json');

describe('the public cURL corpus', () => {
  it('holds its 17 cases', () => {
    expect(publicCorpus).toHaveLength(17);
  });

  it.each(publicCorpus.map((testCase) => [testCase.id, testCase] as const))(
    '%s parses as expected',
    (_id, testCase) => {
      expect(checkCorpusCase(testCase)).toEqual([]);
    },
  );
});

describe('our own cURL corpus', () => {
  it('holds at least 80 cases with distinct ids', () => {
    expect(extraCorpus.length).toBeGreaterThanOrEqual(80);
    expect(new Set(extraCorpus.map((testCase) => testCase.id)).size).toBe(extraCorpus.length);
  });

  it.each(extraCorpus.map((testCase) => [testCase.id, testCase] as const))('%s parses as expected', (_id, testCase) => {
    expect(checkCorpusCase(testCase)).toEqual([]);
  });
});
