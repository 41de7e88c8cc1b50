import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  controlPlaneHandler,
  type HttpStandIn,
  type StandInAnswer,
  startHttpStandIn,
} from '../testing/http-stand-in.js';
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
const statuses = fc.oneof(fc.constantFrom(200, 204, 205, 304, 401, 403, 404, 500), fc.integer({ min: 200, max: 599 }));
// HTTP drops the body of these answers, so whatever the program wrote never reaches the probe.
const BODILESS = new Set([204, 304]);

describe('probeHealth', () => {
  it('classifies any answer of any program without throwing, and never sends it the token', async () => {
    await fc.assert(
      fc.asyncProperty(statuses, bodies, async (status, text) => {
        answer = { status, text };
        server.seen.length = 0;
        const probe = await probeHealth(server.port, TOKEN, 1000);
        const body = BODILESS.has(status) ? undefined : parsed(text);
        // Nothing here can prove it holds the token: what claims to be Client is rejected, the rest absent.
        if (body?.app === 'Client' || (status === 401 && body?.code === 'UNAUTHORIZED')) {
          expect(probe).toEqual({ port: server.port, outcome: 'rejected' });
        } else {
          expect(probe).toMatchObject({ port: server.port, outcome: 'absent' });
        }
        expect(server.seen).toHaveLength(1);
        expect(JSON.stringify(server.seen)).not.toContain(TOKEN);
      }),
      { numRuns: 150 },
    );
  });

  it('asks for the proof without the token, then sends the token as a bearer header on GET /agent/health', async () => {
    const proving = await startHttpStandIn(controlPlaneHandler(TOKEN));
    try {
      expect(await probeHealth(proving.port, TOKEN, 1000)).toEqual({
        port: proving.port,
        outcome: 'accepted',
        appVersion: '0.1.0',
      });
      expect(proving.seen.map((seen) => [seen.url.split('?')[0], seen.headers.authorization])).toEqual([
        ['/agent/hello', undefined],
        ['/agent/health', `Bearer ${TOKEN}`],
      ]);
    } finally {
      await proving.close();
    }
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
