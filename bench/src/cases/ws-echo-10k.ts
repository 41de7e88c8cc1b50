import { request } from 'undici';
import WebSocket from 'ws';
import { startAppProcess } from '../../../e2e/support/app-process.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { profilingEnv } from '../runner/profiling.js';
import { bestOfAlternating } from '../runner/rounds.js';
import { openUiSession } from '../runner/ui-session.js';
import { startBareServer } from '../servers/server-process.js';

const MESSAGES = 10_000;
/** The window's sends carry at most this many messages each (what a burst of saved messages takes). */
const PER_SEND = 1000;
const message = (index: number) => `{"seq":${index},"text":"hello from the bench"}`;

/** Milliseconds for a bare `ws` client to send every message to the echo server and read every echo back. */
async function bareRoundTrip(url: string): Promise<number> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let received = 0;
  const started = performance.now();
  const done = new Promise<void>((resolve) =>
    socket.on('message', () => {
      if (++received === MESSAGES) resolve();
    }),
  );
  for (let index = 0; index < MESSAGES; index++) socket.send(message(index));
  await done;
  const elapsed = performance.now() - started;
  socket.close();
  return elapsed;
}

/** Reads the window's event stream, calling `onUpdate` with each `websocket` event's data. */
async function readWindowEvents(
  origin: string,
  headers: Record<string, string>,
  onUpdate: (update: { sessionId: string; messages: { direction: string }[] }) => void,
): Promise<() => void> {
  const controller = new AbortController();
  const token = headers['x-client-window'] ?? '';
  const answer = await request(`${origin}/api/events?window=${token}`, {
    headers: { cookie: headers.cookie ?? '', accept: 'text/event-stream' },
    signal: controller.signal,
  });
  let buffer = '';
  answer.body.setEncoding('utf8');
  answer.body.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith('event: websocket\n')) onUpdate(JSON.parse(block.slice(block.indexOf('data: ') + 6)));
      end = buffer.indexOf('\n\n');
    }
  });
  answer.body.on('error', () => undefined);
  return () => controller.abort();
}

/**
 * 10,000 messages round-tripped through the app to a local echo server: sent with the window's send API (a
 * thousand a call), each echo held by the app and announced on the window's event stream, timed until the last
 * echo reached that stream; against a bare `ws` client sending the same messages to the same server and reading
 * the echoes itself.
 */
export const wsEcho10k: BenchCase = {
  ids: ['ws-echo-10k'],
  async run(context) {
    const echo = await startBareServer('bare-ws-echo-server');
    const app = await startAppProcess({ env: profilingEnv() });
    const echoUrl = `ws://127.0.0.1:${echo.port}/`;
    try {
      const ui = await openUiSession(await uiUrlOf(app));
      const api = async (method: string, path: string, body?: unknown) => {
        const answer = await request(`${ui.origin}${path}`, {
          method,
          headers: ui.headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const json = (await answer.body.json()) as Record<string, unknown>;
        if (answer.statusCode >= 400) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
        return json;
      };
      const { id: projectId } = (await api('POST', '/api/projects', { name: 'Bench' })) as { id: string };
      const received = new Map<string, number>();
      const waiters = new Map<string, () => void>();
      const stopEvents = await readWindowEvents(ui.origin, ui.headers, (update) => {
        const count =
          (received.get(update.sessionId) ?? 0) +
          update.messages.filter((frame) => frame.direction === 'received').length;
        received.set(update.sessionId, count);
        if (count >= MESSAGES) waiters.get(update.sessionId)?.();
      });
      const throughApp = async () => {
        const view = (await api('POST', '/api/websocket/connect', {
          projectId,
          endpointId: null,
          environmentId: null,
          request: {
            name: 'echo',
            method: 'GET',
            path: echoUrl,
            queryParams: [],
            headers: [],
            body: { mode: 'none' },
            auth: { type: 'none' },
            state: 'Designing',
            kind: 'websocket',
          },
        })) as { sessionId: string; state: string };
        if (view.state !== 'open') throw new Error(`the app did not connect: ${JSON.stringify(view)}`);
        const done = new Promise<void>((resolve) => waiters.set(view.sessionId, resolve));
        const started = performance.now();
        for (let first = 0; first < MESSAGES; first += PER_SEND) {
          const messages = Array.from({ length: PER_SEND }, (_, index) => ({
            format: 'text',
            data: message(first + index),
          }));
          await api('POST', `/api/websocket/${view.sessionId}/send`, { messages });
        }
        await done;
        const elapsed = performance.now() - started;
        await api('POST', `/api/websocket/${view.sessionId}/close`, {});
        context.log(`  through the app: ${elapsed.toFixed(1)} ms`);
        return elapsed;
      };
      const bare = async () => {
        const elapsed = await bareRoundTrip(echoUrl);
        context.log(`  bare ws client: ${elapsed.toFixed(1)} ms`);
        return elapsed;
      };
      // One unmeasured round of each warms both up.
      await bare();
      await throughApp();
      const { ours, baseline } = await bestOfAlternating('lower', bare, throughApp);
      stopEvents();
      return [
        {
          id: 'ws-echo-10k',
          value: ours,
          unit: 'ms',
          baseline: { name: 'a bare ws client sending the same messages to the same echo server', value: baseline },
          goal: { comparison: '<=', ratio: 2 },
          note:
            `${MESSAGES} text messages of about 45 bytes, sent through the window's send API ${PER_SEND} a call, ` +
            'timed until the last echo was announced on the window event stream',
        },
      ];
    } finally {
      await app.stop();
      await echo.stop();
    }
  },
};
