import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RunVariables } from './run-variables.js';
import { sharedSession } from './sandbox.test-support.js';

const sandbox = sharedSession({ timeLimitMs: 500 });

const SNIPPETS = [
  "pm.test('t', () => pm.expect(pm.response.code).to.equal(200));",
  "pm.environment.set('k', pm.response.json());",
  'pm.request.url.query.add({ key: "q", value: "1" });',
  "console.log(pm.variables.replaceIn('{{k}}'));",
  'throw new Error("boom");',
  'tests["legacy"] = responseBody.length > 0;',
  'setTimeout(() => { bru.setVar("v", [1, { a: null }]); }, 1);',
  '})(); (function () {',
  '/*',
  '`${',
  'await null;',
  "req.setBody({ deep: { x: '\\u0000' } });",
  'Object.defineProperty(pm, "test", { value: null });',
  'pm.test(Symbol(), 5);',
];

const scriptText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.array(fc.constantFrom(...SNIPPETS), { maxLength: 6 }).map((parts) => parts.join('\n')),
);

describe('any script text', () => {
  it('gives a result, never a thrown error or a hang', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        scriptText,
        fc.constantFrom('prerequest', 'test') as fc.Arbitrary<'prerequest' | 'test'>,
        async (source, event) => {
          const result = await sandbox.run(source, { event, variables: new RunVariables() });
          expect(Array.isArray(result.tests)).toBe(true);
          expect(Array.isArray(result.console)).toBe(true);
          if (result.error) expect(['syntax', 'runtime', 'timeout', 'memory']).toContain(result.error.kind);
          if (event === 'prerequest') expect(typeof result.request?.url).toBe('string');
        },
      ),
      { numRuns: 150 },
    );
  });
});
