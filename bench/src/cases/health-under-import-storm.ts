import { Agent, request } from 'node:http';
import { startAppProcess } from '../../../e2e/support/app-process.js';
import type { BenchCase } from '../runner/bench-case.js';
import { profilingEnv } from '../runner/profiling.js';

/** Agents sending at once, as in the storm that once held a health check for 6.5 s. */
const STORM_CONNECTIONS = 64;
const HEALTH_SAMPLES = 300;
/** Between two health checks, so the samples spread over the storm. */
const SAMPLE_GAP_MS = 10;
const KIB = 1024;

/** Commands near the 256 KiB limit whose parsing costs most per byte, within the word limit. */
function worstCaseCommands(): string[] {
  const data = `curl https://storm.example/data -d '${'x'.repeat(250 * KIB)}'`;
  const headers = `curl https://storm.example/headers ${Array.from({ length: 499 }, (_, index) => `-H 'X-${index}: ${'v'.repeat(480)}'`).join(' ')}`;
  const escapes = `curl https://storm.example/escapes --data-raw $'${'\\x41\\n'.repeat(40 * KIB)}'`;
  return [data, headers, escapes];
}

function call(port: number, agent: Agent, token: string, body?: string): Promise<number> {
  return new Promise((done, failed) => {
    const started = performance.now();
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: body === undefined ? 'GET' : 'POST',
        path: body === undefined ? '/agent/health' : '/agent/curl',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          (response.statusCode ?? 0) < 300
            ? done(performance.now() - started)
            : failed(new Error(`HTTP ${response.statusCode} from ${body === undefined ? 'health' : 'an import'}`)),
        );
      },
    );
    outgoing.on('error', failed);
    outgoing.end(body);
  });
}

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

async function sampleHealth(port: number, token: string): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  try {
    for (let index = 0; index < HEALTH_SAMPLES; index++) {
      samples.push(await call(port, agent, token));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_GAP_MS));
    }
  } finally {
    agent.destroy();
  }
  return samples;
}

/**
 * p99 of `GET /agent/health` while 64 agents import worst-case 256 KiB commands without pause, against its p99
 * on the same app idle, in the same run.
 */
export const healthUnderImportStorm: BenchCase = {
  ids: ['health-under-import-storm'],
  async run(context) {
    const app = await startAppProcess({ env: profilingEnv() });
    const port = app.port ?? 0;
    try {
      await sampleHealth(port, app.token);
      const idle = p99(await sampleHealth(port, app.token));
      const bodies = worstCaseCommands().map((command) => JSON.stringify({ command, name: 'storm' }));
      const stormAgent = new Agent({ keepAlive: true, maxSockets: STORM_CONNECTIONS });
      let storming = true;
      let imports = 0;
      const storm = Array.from({ length: STORM_CONNECTIONS }, async (_, lane) => {
        for (let turn = lane; storming; turn++) {
          await call(port, stormAgent, app.token, bodies[turn % bodies.length]);
          imports++;
        }
      });
      // The storm has filled the queue before the samples start.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const during = p99(await sampleHealth(port, app.token));
      storming = false;
      await Promise.all(storm);
      stormAgent.destroy();
      context.log(
        `  health p99 idle ${idle.toFixed(2)} ms, during the storm ${during.toFixed(2)} ms (${imports} imports)`,
      );
      return [
        {
          id: 'health-under-import-storm',
          value: during,
          unit: 'ms',
          baseline: { name: 'health p99 of the same app idle', value: idle },
          goal: { comparison: '<=', ratio: 5 },
          note: `${STORM_CONNECTIONS} agents importing 250 KiB worst-case commands; ${HEALTH_SAMPLES} health checks ${SAMPLE_GAP_MS} ms apart; goal also: under 100 ms`,
        },
      ];
    } finally {
      await app.stop();
    }
  },
};
