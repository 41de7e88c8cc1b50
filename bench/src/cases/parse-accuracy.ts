import { publicCorpus } from '../fixtures/corpus.js';
import { judgeCase } from '../parsers/corpus-judge.js';
import { parseWithCurlconverter } from '../parsers/curlconverter-wire.js';
import { parseWithParseCurl } from '../parsers/parse-curl-wire.js';
import type { ParserOutcome } from '../parsers/wire-request.js';
import type { BenchCase, BenchContext } from '../runner/bench-case.js';

function countRight(parser: (command: string) => ParserOutcome, name: string, context: BenchContext): number {
  let right = 0;
  for (const testCase of publicCorpus()) {
    const problems = judgeCase(parser(testCase.command), testCase.expect);
    if (problems.length === 0) right++;
    else context.log(`  ${name} gets ${testCase.id} wrong: ${problems.join('; ')}`);
  }
  return right;
}

/** Public corpus cases parsed right by parseCurl, against those curlconverter gets right, by the same judge. */
export const parseAccuracy: BenchCase = {
  ids: ['parse-accuracy'],
  async run(context) {
    const total = publicCorpus().length;
    const ours = countRight(parseWithParseCurl, 'parseCurl', context);
    const baseline = countRight(parseWithCurlconverter, 'curlconverter', context);
    return [
      {
        id: 'parse-accuracy',
        value: ours,
        unit: `of ${total} cases`,
        baseline: { name: 'curlconverter', value: baseline },
        goal: { comparison: '>=', ratio: 1 },
        note: 'the public cURL corpus (core/src/curl/corpus/public.json), judged on the request each parser says curl sends',
      },
    ];
  },
};
