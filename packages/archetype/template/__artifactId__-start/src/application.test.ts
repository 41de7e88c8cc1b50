import { createServer, type Server } from 'node:net';

import { isSpanContextValid, trace } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';

import { startTestApplication } from './test-application.test-support.js';

const blockers: Server[] = [];

afterAll(() => {
  for (const blocker of blockers) blocker.close();
});

function occupiedPort(): Promise<number> {
  return new Promise((resolve) => {
    const blocker = createServer().listen(0, '127.0.0.1', () => {
      blockers.push(blocker);
      resolve((blocker.address() as { port: number }).port);
    });
  });
}

describe('startApplication', () => {
  it('closes what it opened when start-up fails, so the next start in the process is a clean one', async () => {
    const port = await occupiedPort();
    await expect(startTestApplication({ server: { host: '127.0.0.1', port } })).rejects.toThrow(/EADDRINUSE/);
    // Had the failed start left its OpenTelemetry SDK registered, this span would be a real, recorded one.
    const probe = trace.getTracer('probe').startSpan('probe');
    expect(isSpanContextValid(probe.spanContext())).toBe(false);
    probe.end();
    const { application, logLines } = await startTestApplication();
    try {
      expect(logLines().map((line) => line.msg)).toContain('tracing: in-app, OTLP export off');
      expect((await fetch(`${application.url}/actuator/health`)).status).toBe(200);
    } finally {
      await application.close();
    }
  });
});
