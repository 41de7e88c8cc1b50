import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync, gzipSync } from 'node:zlib';

/**
 * A stand-in for postman-echo.com on 127.0.0.1, with the shapes of the answers the echo collection newman's own
 * tests use checks: request echo (`/get`, `/post`, …), headers, cookies, status codes, delays (a tenth of the asked
 * seconds, to keep tests fast), basic, digest and OAuth 1.0 auth, compressed bodies and a tiny OAuth 2.0 pair.
 */
export interface StandIn {
  origin: string;
  close(): Promise<void>;
}

const DIGEST = { realm: 'Users', nonce: 'ni1LiL0O37PRRhofWdCLmwFsnEtH1lew', user: 'postman', password: 'password' };
const OAUTH1 = { key: 'RKCGzna7bv9YD57c', secret: 'D+EdQ-gs$-%@2Nu7' };
const OAUTH2_TOKEN = 'vp7jxTwqgczoFHs0uIdOvv4VdBWmvCkbVbNBCuaTQ3JZplPS40BaNV47HD1zt7MztQPILJvqYsOs6PfJpFYBgwbaE3CVEKOj';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** RFC 3986 percent-encoding, as OAuth 1.0 signs. */
const oauthEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function authParams(header: string, scheme: string): Map<string, string> | undefined {
  if (!header.toLowerCase().startsWith(`${scheme.toLowerCase()} `)) return undefined;
  const params = new Map<string, string>();
  for (const [, key, quoted, bare] of header.slice(scheme.length + 1).matchAll(/([\w-]+)=(?:"([^"]*)"|([^\s,]*))/g)) {
    params.set(key as string, quoted ?? bare ?? '');
  }
  return params;
}

function digestValid(request: IncomingMessage): boolean {
  const params = authParams(request.headers.authorization ?? '', 'Digest');
  if (params === undefined || params.get('username') !== DIGEST.user) return false;
  const ha1 = md5(`${DIGEST.user}:${params.get('realm')}:${DIGEST.password}`);
  const ha2 = md5(`${request.method}:${params.get('uri')}`);
  const qop = params.get('qop');
  const expected =
    qop === undefined || qop === ''
      ? md5(`${ha1}:${params.get('nonce')}:${ha2}`)
      : md5(`${ha1}:${params.get('nonce')}:${params.get('nc')}:${params.get('cnonce')}:${qop}:${ha2}`);
  return (
    params.get('realm') === DIGEST.realm && params.get('nonce') === DIGEST.nonce && params.get('response') === expected
  );
}

function oauth1Valid(request: IncomingMessage, url: URL, origin: string): boolean {
  const params = authParams(request.headers.authorization ?? '', 'OAuth');
  if (params === undefined || decodeURIComponent(params.get('oauth_consumer_key') ?? '') !== OAUTH1.key) return false;
  const signed: [string, string][] = [];
  for (const [key, value] of params)
    if (key !== 'oauth_signature' && key !== 'realm') signed.push([key, decodeURIComponent(value)]);
  for (const [key, value] of url.searchParams) signed.push([key, value]);
  const normalised = signed
    .map(([key, value]) => [oauthEncode(key), oauthEncode(value)])
    .sort(([a, av], [b, bv]) =>
      a === b ? ((av as string) < (bv as string) ? -1 : 1) : (a as string) < (b as string) ? -1 : 1,
    )
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const base = [request.method ?? 'GET', oauthEncode(`${origin}${url.pathname}`), oauthEncode(normalised)].join('&');
  const signature = createHmac('sha1', `${oauthEncode(OAUTH1.secret)}&`)
    .update(base)
    .digest('base64');
  return decodeURIComponent(params.get('oauth_signature') ?? '') === signature;
}

function cookiesOf(request: IncomingMessage): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return cookies;
}

function echo(request: IncomingMessage, url: URL, body: string) {
  const type = request.headers['content-type'] ?? '';
  let json: unknown = null;
  let form: Record<string, string> = {};
  if (type.includes('application/json')) {
    try {
      json = JSON.parse(body);
    } catch {
      json = null;
    }
  } else if (type.includes('application/x-www-form-urlencoded')) {
    form = Object.fromEntries(new URLSearchParams(body));
  }
  return {
    args: Object.fromEntries(url.searchParams),
    data: type.includes('multipart/form-data') ? '' : body,
    files: {},
    form,
    headers: request.headers,
    json,
    url: `http://${request.headers.host}${request.url}`,
  };
}

function send(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(value));
}

async function route(request: IncomingMessage, response: ServerResponse, origin: string, body: string): Promise<void> {
  const url = new URL(request.url ?? '/', origin);
  const path = url.pathname;
  const method = request.method ?? 'GET';
  if (['/get', '/post', '/put', '/patch', '/delete'].includes(path)) {
    if (path.slice(1).toUpperCase() !== method) return send(response, 404, { error: 'wrong method' });
    return send(response, 200, echo(request, url, body));
  }
  if (path === '/headers') return send(response, 200, { headers: request.headers });
  if (path === '/response-headers') {
    const values = Object.fromEntries(url.searchParams);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...values });
    return void response.end(JSON.stringify(values));
  }
  const status = /^\/status\/(\d{3})$/.exec(path);
  if (status) return send(response, Number(status[1]), { status: Number(status[1]) });
  const wait = /^\/delay\/(\d+)$/.exec(path);
  if (wait) {
    setTimeout(() => send(response, 200, { delay: wait[1] }), Number(wait[1]) * 100);
    return;
  }
  const stream = /^\/stream\/(\d+)$/.exec(path);
  if (stream) {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    for (let i = 0; i < Number(stream[1]); i++) response.write(`${JSON.stringify({ id: i, url: url.href })}\n`);
    return void response.end();
  }
  if (path === '/basic-auth') {
    const valid = request.headers.authorization === `Basic ${Buffer.from('postman:password').toString('base64')}`;
    return valid ? send(response, 200, { authenticated: true }) : void response.writeHead(401).end('Unauthorized');
  }
  if (path === '/digest-auth') {
    if (digestValid(request)) return send(response, 200, { authenticated: true });
    response.writeHead(401, { 'www-authenticate': `Digest realm="${DIGEST.realm}", nonce="${DIGEST.nonce}"` });
    return void response.end('Unauthorized');
  }
  if (path === '/oauth1') {
    return oauth1Valid(request, url, origin)
      ? send(response, 200, { status: 'pass', message: 'OAuth-1.0a signature verification was successful' })
      : send(response, 401, { status: 'fail', message: 'HMAC-SHA1 verification failed' });
  }
  if (path === '/cookies') return send(response, 200, { cookies: cookiesOf(request) });
  if (path === '/cookies/set' || path === '/cookies/delete') {
    const setting = path === '/cookies/set';
    const cookies = [...url.searchParams].map(([name, value]) =>
      setting ? `${name}=${value}; Path=/` : `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
    );
    response.writeHead(302, { location: '/cookies', 'set-cookie': cookies });
    return void response.end();
  }
  if (path === '/encoding/utf8') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void response.end('<h1>Unicode Demo</h1><p>∮ E⋅da = Q, n → ∞, ∑ f(i) = ∏ g(i)</p>');
  }
  if (path === '/gzip' || path === '/deflate') {
    const gzip = path === '/gzip';
    const text = JSON.stringify({ [gzip ? 'gzipped' : 'deflated']: true, headers: request.headers, method });
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': gzip ? 'gzip' : 'deflate' });
    return void response.end(gzip ? gzipSync(text) : deflateSync(text));
  }
  if (path === '/oauth2/token' && method === 'POST') {
    return send(response, 200, { access_token: OAUTH2_TOKEN, token_type: 'Bearer' });
  }
  if (path === '/oauth2/user/info') {
    return request.headers.authorization === `Bearer ${OAUTH2_TOKEN}`
      ? send(response, 200, { user_id: 1, name: 'Postman Echo' })
      : send(response, 401, { error: 'unauthorized' });
  }
  send(response, 404, { error: `no route ${method} ${path}` });
}

/** Starts the echo stand-in on a free port of 127.0.0.1. */
export async function startEchoStandIn(): Promise<StandIn> {
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      route(request, response, origin, Buffer.concat(chunks).toString('utf8')).catch((error: Error) =>
        send(response, 500, { error: error.message }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
