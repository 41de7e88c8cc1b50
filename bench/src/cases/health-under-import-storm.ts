import { Agent, request } from 'node:http';
import { startAppProcess } from '../../../e2e/support/app-process.js';
import { generateLoad } from '../load/load-generator.js';
import type { BenchCase } from '../runner/bench-case.js';
import { profilingEnv } from '../runner/profiling.js';

/** Agents sending at once, as in the storm that once held a health check for 6.5 s. */
const STORM_CONNECTIONS = 64;
const HEALTH_SAMPLES = 300;
/** Between two health checks, so the samples spread over the storm. */
const SAMPLE_GAP_MS = 10;
const KIB = 1024;
/** Long enough for the samples under load; the run fails rather than time checks after the storm ended. */
const STORM_SECONDS = 12;
const STORM_RAMP_MS = 500;

/** Commands near the 256 KiB limit whose parsing costs most per byte, within the word limit. */
function worstCaseCommands(): string[] {
  const data = `curl https://storm.example/data -d '${'x'.repeat(250 * KIB)}'`;
  const headers = `curl https://storm.example/headers ${Array.from({ length: 499 }, (_, index) => `-H 'X-${index}: ${'v'.repeat(480)}'`).join(' ')}`;
  const escapes = `curl https://storm.example/escapes --data-raw $'${'\\x41\\n'.repeat(40 * KIB)}'`;
  return [data, headers, escapes];
}

function checkHealth(port: number, agent: Agent, token: string): Promise<number> {
  return new Promise((done, failed) => {
    const started = performance.now();
    const outgoing = request(
      { host: '127.0.0.1', port, agent, path: '/agent/health', headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? done(performance.now() - started)
            : failed(new Error(`HTTP ${response.statusCode} from health`)),
        );
      },
    );
    outgoing.on('error', failed);
    outgoing.end();
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
      samples.push(await checkHealth(port, agent, token));
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
      // The storm comes from a process of its own, as agents' would: sent from this one, its 64 uploads would
      // hold the event loop that times the health checks, and the figure would be the bench's, not the app's.
      const storm = generateLoad({
        origin: `http://127.0.0.1:${port}`,
        connections: STORM_CONNECTIONS,
        warmupSeconds: 0,
        durationSeconds: STORM_SECONDS,
        requests: worstCaseCommands().map((command) => ({
          method: 'POST',
          path: '/agent/curl',
          headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ command, name: 'storm' }),
        })),
      });
      // The storm has filled the queue before the samples start.
      await new Promise((resolve) => setTimeout(resolve, STORM_RAMP_MS));
      const started = performance.now();
      const samples = await sampleHealth(port, app.token);
      const sampledSeconds = (performance.now() - started) / 1000;
      const { answered2xx } = await storm;
      if (sampledSeconds + STORM_RAMP_MS / 1000 > STORM_SECONDS) {
        throw new Error(
          `the health checks took ${sampledSeconds.toFixed(1)} s, longer than the ${STORM_SECONDS} s storm`,
        );
      }
      const during = p99(samples);
      context.log(
        `  health p99 idle ${idle.toFixed(2)} ms, during the storm ${during.toFixed(2)} ms (${answered2xx} imports in ${STORM_SECONDS} s)`,
      );
      return [
        {
          id: 'health-under-import-storm',
          value: during,
          unit: 'ms',
          baseline: { name: 'health p99 of the same app idle', value: idle },
          goal: { comparison: '<=', ratio: 5 },
          note: `${STORM_CONNECTIONS} agents (another process) importing 250 KiB worst-case commands; ${HEALTH_SAMPLES} health checks ${SAMPLE_GAP_MS} ms apart; goal also: under 100 ms`,
        },
      ];
    } finally {
      await app.stop();
    }
  },
};
