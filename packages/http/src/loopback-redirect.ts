import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@client/core';

const CALLBACK_PATH = '/callback';

/** A listener for one authorization answer: where the server is to send the browser, and what it brought. */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback`, the redirect URI of RFC 8252 §7.3. */
  redirectUri: string;
  /** The authorization code; rejects with what went wrong (refused, wrong state, no answer in time). */
  code: Promise<string>;
  /** Stops listening at once; a pending `code` rejects. */
  close(): void;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title>` +
  `<body style="font-family:system-ui,sans-serif;margin:3rem"><h1>${title}</h1><p>${text}</p></body></html>`;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function answer(response: ServerResponse, status: number, title: string, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  response.end(PAGE(title, text));
}

/**
 * Listens on 127.0.0.1 at a port the system picks for the browser's return from the authorization server. The
 * first request to the callback path is the one use: its `state` must be the one sent (compared in constant
 * time), and whatever it brought, the listener closes after answering it. Other paths (a favicon) get 404 and do
 * not count. It also closes when `timeoutMs` passes without an answer.
 */
export async function listenForRedirect(state: string, timeoutMs: number): Promise<LoopbackRedirect> {
  let settle: { resolve(code: string): void; reject(error: AppError): void } | undefined;
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Nobody may be waiting yet when it fails; the waiter reads the same rejection later.
  code.catch(() => undefined);
  let port = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const host = request.headers.host ?? '';
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    // Only the browser the person signs in with, sent to the address we gave: not a page rebinding a name to us.
    if (host !== `127.0.0.1:${port}` || request.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      answer(response, 404, 'Not found', 'This address only takes the answer of a sign-in started in Client.');
      return;
    }
    finish();
    const params = url.searchParams;
    if (!sameText(params.get('state') ?? '', state)) {
      answer(response, 400, 'Sign-in not accepted', 'This answer does not belong to the sign-in Client started.');
      fail('the sign-in answer did not carry the state Client sent, so it was refused; choose Get token again');
      return;
    }
    const error = params.get('error');
    if (error !== null) {
      const description = params.get('error_description');
      answer(response, 400, 'Sign-in refused', 'The authorization server refused the sign-in. Return to Client.');
      fail(`the authorization server refused the sign-in (${error}${description === null ? '' : `: ${description}`})`);
      return;
    }
    const received = params.get('code');
    if (received === null || received === '') {
      answer(response, 400, 'Sign-in not accepted', 'The answer carried no authorization code.');
      fail('the sign-in answer carried no authorization code; check the authorization URL');
      return;
    }
    answer(response, 200, 'Signed in', 'Client has the authorization. You can close this tab and return to Client.');
    settle?.resolve(received);
  });
  const timer = setTimeout(() => {
    finish();
    fail('no sign-in answer arrived in time; choose Get token again and finish signing in in the browser');
  }, timeoutMs);
  timer.unref();
  function fail(message: string): void {
    settle?.reject(new AppError('VALIDATION', message));
  }
  function finish(): void {
    clearTimeout(timer);
    server.close();
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    code,
    close() {
      finish();
      server.closeAllConnections();
      fail('the sign-in was cancelled');
    },
  };
}
