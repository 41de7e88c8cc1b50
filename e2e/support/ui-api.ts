import { request } from 'node:http';
import type { AppProcess } from './app-process.js';
import { uiUrlOf } from './ui-app.js';

export interface UiApi {
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON came back
  call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; text: string }>;
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method, headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The app's UI API as its window uses it: the session opened with the printed address, then cookie and window token. */
export async function openUiApi(app: AppProcess): Promise<UiApi> {
  const address = new URL(await uiUrlOf(app));
  const opened = await send(address, 'GET', {});
  const cookie = String(opened.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const windowToken = /#window=(.+)$/.exec(String(opened.headers.location ?? ''))?.[1] ?? '';
  if (cookie === '' || windowToken === '') throw new Error(`the UI did not open a session: HTTP ${opened.status}`);
  return {
    async call(method, path, body) {
      const answer = await send(new URL(path, address), method, { cookie, 'x-client-window': windowToken }, body);
      let json: unknown = null;
      try {
        json = answer.text === '' ? null : JSON.parse(answer.text);
      } catch {
        json = null;
      }
      return { status: answer.status, json, text: answer.text };
    },
  };
}
