import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_BIN, createDataDir } from '../../../e2e/support/app-process.js';
import type { BenchCase } from '../runner/bench-case.js';
import { bestOf, bestOfAlternating } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';
import { postmanCollection } from './runner-collection.js';
import { TEN_ASSERTIONS } from './script-overhead.js';

const REQUESTS = 1000;
const resolve = createRequire(import.meta.url).resolve;

/** The ten checks again in Bruno's API, for `bru run` of the same requests. */
const BRU_TESTS = [
  'test("status is 200", function() { expect(res.getStatus()).to.equal(200); });',
  'test("is JSON", function() { expect(res.getHeader("content-type")).to.include("json"); });',
  'const json = res.getBody();',
  'test("has an id", function() { expect(json.endpointId).to.be.a("string"); });',
  'test("names items", function() { expect(json.name).to.equal("items"); });',
  'test("is a POST", function() { expect(json.method).to.eql("POST"); });',
  'test("has no folder", function() { expect(json.folderId).to.be.null; });',
  'test("has a path", function() { expect(json.path).to.include("/v1/"); });',
  'test("no query", function() { expect(json.queryParams).to.have.lengthOf(0); });',
  'test("designing", function() { expect(json.state).to.be.oneOf(["Designing", "Developing"]); });',
  'test("quick", function() { expect(res.getResponseTime()).to.be.below(5000); });',
];

function bruFolder(folder: string, origin: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'bruno.json'), JSON.stringify({ version: '1', name: 'Bench', type: 'collection' }));
  for (let index = 0; index < REQUESTS; index++) {
    const tests = BRU_TESTS.map((line) => `  ${line}`).join('\n');
    writeFileSync(
      join(folder, `doc-${String(index).padStart(4, '0')}.bru`),
      `meta {\n  name: doc ${index}\n  type: http\n  seq: ${index + 1}\n}\n\nget {\n  url: ${origin}/doc-${index}\n  body: none\n  auth: none\n}\n\nheaders {\n  Accept: application/json\n}\n\ntests {\n${tests}\n}\n`,
    );
  }
}

/** Milliseconds from spawning `args` to its exit; rejects unless it exits 0. */
function timed(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? done(performance.now() - started) : fail(new Error(`${args.join(' ')} exited ${code}: ${stderr}`)),
    );
  });
}

/**
 * `client run` of a collection of 1,000 local GETs, each with a test script of ten `pm.test` assertions ÷ `newman run`
 * of the same file, spawn to exit; `bru run` of the same requests (as .bru files with the same checks) beside it.
 */
export const runner1000: BenchCase = {
  ids: ['runner-1000'],
  async run(context) {
    const target = await startBareServer('bare-json-server', ['1024']);
    const folder = mkdtempSync(join(tmpdir(), 'client-bench-runner-'));
    const file = join(folder, 'bench.postman_collection.json');
    writeFileSync(file, JSON.stringify(postmanCollection(target.origin, REQUESTS, TEN_ASSERTIONS)));
    const bruno = join(folder, 'bruno');
    bruFolder(bruno, target.origin);
    const ours = join(folder, 'ours.json');
    const newmans = join(folder, 'newman.json');
    const env = { ...process.env, CLIENT_DATA_DIR: createDataDir() };
    try {
      const measured = await bestOfAlternating(
        'lower',
        async () => {
          const ms = await timed(
            [resolve('newman/bin/newman.js'), 'run', file, '-r', 'json', '--reporter-json-export', newmans],
            folder,
          );
          context.log(`  newman run: ${ms.toFixed(0)} ms`);
          return ms;
        },
        async () => {
          const ms = await timed([CLIENT_BIN, 'run', file, '--reporter', 'json', '--out-json', ours], folder, env);
          context.log(`  client run: ${ms.toFixed(0)} ms`);
          return ms;
        },
      );
      for (const report of [ours, newmans]) {
        const { assertions } = JSON.parse(readFileSync(report, 'utf8')).run.stats;
        if (assertions.total !== REQUESTS * 10 || assertions.failed !== 0) {
          throw new Error(`${report}: ${JSON.stringify(assertions)}; the runs did not check the same`);
        }
      }
      const bru = await bestOf(
        'lower',
        async () => {
          const ms = await timed(
            [resolve('@usebruno/cli/bin/bru.js'), 'run', '--reporter-json', join(folder, 'bru.json')],
            bruno,
          );
          context.log(`  bru run: ${ms.toFixed(0)} ms`);
          return ms;
        },
        1,
      );
      return [
        {
          id: 'runner-1000',
          value: measured.ours,
          unit: 'ms',
          baseline: { name: 'newman run of the same collection', value: measured.baseline },
          goal: { comparison: '<=', ratio: 0.5 },
          note: `${REQUESTS} local GETs with ten pm.test assertions each, spawn to exit; bru run of the same requests: ${bru.toFixed(0)} ms`,
        },
      ];
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await target.stop();
    }
  },
};
