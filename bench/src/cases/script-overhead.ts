import { DEFAULT_REQUEST_SETTINGS, type TokenStatus } from '@client/core';
import { HttpEngine } from '@client/http';
import { type PlannedRequest, type RunPlan, runCollection } from '@client/runner';
import type { BenchCase } from '../runner/bench-case.js';
import { bestOfAlternating } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';

/** Requests per measured run (one request, run as that many iterations), after as many discarded ones. */
const ITERATIONS = 400;

/** Ten checks a Postman test script makes of an answer, the usual ones. */
export const TEN_ASSERTIONS = [
  'pm.test("status is 200", () => pm.response.to.have.status(200));',
  'pm.test("is JSON", () => pm.response.to.have.header("Content-Type"));',
  'const json = pm.response.json();',
  'pm.test("has an id", () => pm.expect(json.endpointId).to.be.a("string"));',
  'pm.test("names items", () => pm.expect(json.name).to.equal("items"));',
  'pm.test("is a POST", () => pm.expect(json.method).to.eql("POST"));',
  'pm.test("has no folder", () => pm.expect(json.folderId).to.be.null);',
  'pm.test("has a path", () => pm.expect(json.path).to.include("/v1/"));',
  'pm.test("no query", () => pm.expect(json.queryParams).to.have.lengthOf(0));',
  'pm.test("designing", () => pm.expect(json.state).to.be.oneOf(["Designing", "Developing"]));',
  'pm.test("quick", () => pm.expect(pm.response.responseTime).to.be.below(5000));',
].join('\n');

function benchEngine(): HttpEngine {
  return new HttpEngine({
    userAgent: 'Client/bench',
    tokens: {
      status: (): TokenStatus => ({ hasToken: false, expiresAt: null, refreshable: false, obtainedAt: null }),
      open: async () => undefined,
      keep: async () => undefined,
      forget: () => false,
    },
    cookies: new Map(),
  });
}

function planOf(origin: string, tests: string): RunPlan {
  const request: PlannedRequest = {
    item: { id: 'doc', name: 'doc', path: [] },
    endpoint: {
      name: 'doc',
      method: 'GET',
      path: '/doc',
      queryParams: [],
      headers: [{ key: 'Accept', value: 'application/json' }],
      body: { mode: 'none' },
      auth: { type: 'none' },
      state: 'Designing',
      ...(tests === '' ? {} : { scripts: { from: 'postman', preRequest: '', postResponse: '', tests } }),
    },
    levels: [],
    settings: DEFAULT_REQUEST_SETTINGS,
  };
  return {
    collection: { id: 'bench', name: 'Bench' },
    variables: [{ key: 'base_url', value: origin }],
    environment: null,
    requests: [request],
  };
}

/**
 * What a Postman test script of ten assertions adds to a request of a run: the mean time per request of a run of
 * one local GET with that script ÷ the same run without it, in one process (the runner and its sandbox session).
 */
export const scriptOverhead: BenchCase = {
  ids: ['script-overhead'],
  async run(context) {
    const target = await startBareServer('bare-json-server', ['1024']);
    const engine = benchEngine();
    const perRequest = (tests: string, label: string) => async () => {
      const plan = planOf(target.origin, tests);
      await runCollection(engine, plan, { iterations: ITERATIONS, delayMs: 0, bail: false });
      const started = performance.now();
      const { result } = await runCollection(engine, plan, { iterations: ITERATIONS, delayMs: 0, bail: false });
      const value = (performance.now() - started) / ITERATIONS;
      if (result.stats.assertions.failed > 0)
        throw new Error(`the bench's checks failed: ${JSON.stringify(result.stats)}`);
      context.log(`  ${label}: ${value.toFixed(3)} ms per request`);
      return value;
    };
    try {
      const { ours, baseline } = await bestOfAlternating(
        'lower',
        perRequest('', 'without a script'),
        perRequest(TEN_ASSERTIONS, 'with ten pm.test assertions'),
      );
      return [
        {
          id: 'script-overhead',
          value: ours,
          unit: 'ms',
          baseline: { name: 'the same request of a run without the script', value: baseline },
          goal: { comparison: '<=', ratio: 1.3 },
          note: `mean per request of ${ITERATIONS} iterations of a local GET of 1 KB of JSON in one run`,
        },
      ];
    } finally {
      await engine.close();
      await target.stop();
    }
  },
};
