import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpStandIn, type StandInAnswer, startHttpStandIn } from '../http-stand-in.test-support.js';
import { probeHealth } from './probe-health.js';

const TOKEN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
let answer: StandInAnswer = 'hang';
let server: HttpStandIn;

beforeAll(async () => {
  server = await startHttpStandIn(() => answer);
});
afterAll(() => server.close());

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const bodies = fc.oneof(
  fc.json(),
  fc.string(),
  fc
    .record({ status: fc.constantFrom('ok', 'down'), app: fc.constantFrom('Client', 'Other'), version: fc.string() })
    .map((body) => JSON.stringify(body)),
  fc
    .record({ code: fc.constantFrom('UNAUTHORIZED', 'FORBIDDEN'), message: fc.string() })
    .map((body) => JSON.stringify(body)),
);
const statuses = fc.oneof(fc.constantFrom(200, 401, 403, 404, 500), fc.integer({ min: 200, max: 599 }));

describe('probeHealth', () => {
  it('classifies any answer of any program without throwing: only the control plane shapes count', async () => {
    await fc.assert(
      fc.asyncProperty(statuses, bodies, async (status, text) => {
        answer = { status, text };
        const probe = await probeHealth(server.port, TOKEN, 1000);
        const body = parsed(text);
        if (status === 200 && body?.status === 'ok' && body.app === 'Client') {
          expect(probe).toEqual({
            port: server.port,
            outcome: 'accepted',
            appVersion: typeof body.version === 'string' ? body.version : 'unknown',
          });
        } else if (status === 401 && body?.code === 'UNAUTHORIZED') {
          expect(probe).toEqual({ port: server.port, outcome: 'rejected' });
        } else {
          expect(probe).toMatchObject({ port: server.port, outcome: 'absent' });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('sends the token as a bearer header on GET /agent/health', async () => {
    answer = { status: 200, json: { status: 'ok', app: 'Client', version: '0.1.0', flavor: 'dev', port: 1 } };
    server.seen.length = 0;
    await probeHealth(server.port, TOKEN, 1000);
    expect(server.seen).toMatchObject([
      { method: 'GET', url: '/agent/health', headers: { authorization: `Bearer ${TOKEN}` } },
    ]);
  });

  it('abandons an answer larger than 64 KiB', async () => {
    answer = { status: 200, text: `{"status":"ok","app":"Client","pad":"${'x'.repeat(70 * 1024)}"}` };
    expect(await probeHealth(server.port, TOKEN, 1000)).toEqual({
      port: server.port,
      outcome: 'absent',
      reason: 'answer larger than 65536 bytes',
    });
  });
});
