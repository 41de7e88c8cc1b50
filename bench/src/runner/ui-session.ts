import { request } from 'undici';
import { median } from './rounds.js';

/** A UI session as the app's window holds it: the cookie, and the window's token the API also needs. */
export async function openUiSession(uiUrl: string): Promise<{ origin: string; headers: Record<string, string> }> {
  const opened = await request(uiUrl, { method: 'GET' });
  await opened.body.dump();
  const cookie = String(opened.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const windowToken = /#window=(.+)$/.exec(String(opened.headers.location))?.[1] ?? '';
  if (cookie === '' || windowToken === '') throw new Error(`the UI did not open a session (${opened.statusCode})`);
  const { origin } = new URL(uiUrl);
  return { origin, headers: { cookie, 'x-client-window': windowToken, 'content-type': 'application/json' } };
}

/** The median of `count` sequential calls of `send`, after as many discarded ones. */
export async function sequentialP50(count: number, send: () => Promise<void>): Promise<number> {
  for (let i = 0; i < count; i++) await send();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await send();
    samples.push(performance.now() - started);
  }
  return median(samples);
}
