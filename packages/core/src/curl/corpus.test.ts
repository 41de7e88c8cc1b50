import { describe, expect, it } from 'vitest';
import extraCorpusJson from './corpus/extra.json' with { type: 'json' };
import publicCorpusJson from './corpus/public.json' with { type: 'json' };
import { checkCorpusCase, readCorpus } from './corpus-check.test-support.js';

/** Our copy of the public corpus; `corpus/PROVENANCE.md` says where it comes from. */
const publicCorpus = readCorpus(publicCorpusJson, 'corpus/public.json');
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
