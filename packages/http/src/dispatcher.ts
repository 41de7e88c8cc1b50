import { createHash } from 'node:crypto';
import { lookup } from 'node:dns';
import { readFile } from 'node:fs/promises';
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { type ConnectionOptions, connect as connectTls, rootCertificates } from 'node:tls';
import { AppError, isRelativeFilePath, type RequestSettings } from '@client/core';
import type { buildConnector, Dispatcher } from 'undici';
import { connectionTiming } from './send-timing.js';
import { loadUndici } from './undici.js';

/**
 * Reads a file the settings name (`written`, resolved to `path`). Errors quote it as written: a variable in it may
 * be a secret.
 */
async function readSettingFile(written: string, path: string, what: string): Promise<Buffer> {
  if (isRelativeFilePath(path)) {
    throw new AppError('VALIDATION', `the ${what} ${written} is a relative path; give its full path in the settings`);
  }
  try {
    return await readFile(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError(
      'VALIDATION',
      `the ${what} ${written} cannot be read (${reason}); check the path in the settings`,
    );
  }
}

/** What the TLS settings name, read from their files. */
export interface TlsMaterial {
  rejectUnauthorized: boolean;
  ca?: string;
  cert?: Buffer;
  key?: Buffer;
  pfx?: Buffer;
  passphrase?: string;
}

/** The TLS side of the settings: verification, trusted authorities besides the system's, a client certificate. */
export async function tlsOptions(settings: RequestSettings, resolve: (text: string) => string): Promise<TlsMaterial> {
  const options: TlsMaterial = { rejectUnauthorized: settings.verifyTls };
  const read = (written: string, what: string) => readSettingFile(written, resolve(written), what);
  if (resolve(settings.caFile) !== '') options.ca = (await read(settings.caFile, 'CA file')).toString('utf8');
  const certFile = resolve(settings.clientCertFile);
  if (certFile !== '') {
    const passphrase = resolve(settings.clientCertPassphrase);
    if (passphrase !== '') options.passphrase = passphrase;
    const keyFile = resolve(settings.clientKeyFile);
    if (/\.(p12|pfx)$/i.test(certFile) && keyFile === '') {
      options.pfx = await read(settings.clientCertFile, 'certificate');
    } else {
      options.cert = await read(settings.clientCertFile, 'certificate');
      options.key = await read(keyFile === '' ? settings.clientCertFile : settings.clientKeyFile, 'key file');
    }
  }
  return options;
}

/** The options of a TLS connection: the authorities a CA file names are trusted besides the system's. */
export function secureOf(tls: TlsMaterial): ConnectionOptions {
  return tls.ca === undefined ? tls : { ...tls, ca: [...rootCertificates, tls.ca] };
}

/**
 * Connects as undici's own connector would, timing each phase for the send that asked for the connection: the
 * name lookup, the TCP connection, the TLS handshake (offering HTTP/2 when allowed).
 */
function timedConnector(secureOptions: ConnectionOptions, allowH2: boolean): buildConnector.connector {
  return (options, callback) => {
    // Undici connects while it dispatches the request that needs the connection, so this is that send's.
    const timing = connectionTiming.getStore();
    const started = performance.now();
    let looked = started;
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    const host = options.hostname.replace(/^\[|\]$/g, '');
    let done = false;
    const finish = (error: Error | null, socket: Socket | null) => {
      if (done) return;
      done = true;
      if (error === null) callback(null, socket as Socket);
      else callback(error, null);
    };
    const tcp = connectTcp({
      host,
      port,
      lookup: (name, lookupOptions, answer) =>
        lookup(name, lookupOptions, (...results: Parameters<typeof answer>) => {
          looked = performance.now();
          answer(...results);
        }),
    });
    tcp.setNoDelay(true);
    tcp.once('error', (error) => finish(error, null));
    tcp.once('connect', () => {
      const connected = performance.now();
      if (options.protocol !== 'https:') {
        timing?.addConnection({ dnsMs: looked - started, connectMs: connected - looked, tlsMs: 0 });
        finish(null, tcp);
        return;
      }
      const secure = connectTls({
        ...secureOptions,
        socket: tcp,
        ...(isIP(host) === 0 ? { servername: options.servername ?? host } : {}),
        ALPNProtocols: allowH2 ? ['h2', 'http/1.1'] : ['http/1.1'],
      });
      secure.once('error', (error) => finish(error, null));
      secure.once('secureConnect', () => {
        timing?.addConnection({
          dnsMs: looked - started,
          connectMs: connected - looked,
          tlsMs: performance.now() - connected,
        });
        finish(null, secure);
      });
    });
  };
}

/** What makes two sends' connections interchangeable: the same TLS material, protocol offer and proxy. */
function dispatcherKey(parts: readonly (string | Buffer | boolean | undefined)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = part === undefined ? Buffer.alloc(0) : Buffer.from(typeof part === 'boolean' ? String(part) : part);
    hash.update(`${part === undefined ? '-' : bytes.length}:`).update(bytes);
  }
  return hash.digest('base64');
}

/** A dispatcher's configuration, read from the settings and the files they name. */
interface Configuration {
  key: string;
  tls: TlsMaterial;
  proxy: { url: string; noProxy: string };
}

async function configure(settings: RequestSettings, resolve: (text: string) => string): Promise<Configuration> {
  const proxy =
    settings.proxy.mode === 'url'
      ? { url: resolve(settings.proxy.url), noProxy: resolve(settings.proxy.noProxy) }
      : { url: '', noProxy: '' };
  const parts = [settings.verifyTls, settings.http2, settings.proxy.mode, proxy.url, proxy.noProxy];
  if (settings.caFile === '' && settings.clientCertFile === '') {
    // Nothing to read from files: the key is the settings themselves, with no file read or digest per send.
    return { key: JSON.stringify(parts), tls: { rejectUnauthorized: settings.verifyTls }, proxy };
  }
  const tls = await tlsOptions(settings, resolve);
  const key = dispatcherKey([...parts, tls.ca, tls.cert, tls.key, tls.pfx, tls.passphrase]);
  return { key, tls, proxy };
}

/** Whether the environment names a proxy, which the `environment` proxy setting sends through. */
export function proxyInEnvironment(): boolean {
  return ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'].some((name) => (process.env[name] ?? '') !== '');
}

/** `connections`: the most a dispatcher opens to one origin; null for as many as sends need at once. */
async function newDispatcher(
  { tls, proxy }: Configuration,
  settings: RequestSettings,
  connections: number | null,
): Promise<Dispatcher> {
  const { Agent, EnvHttpProxyAgent } = await loadUndici();
  const secure = secureOf(tls);
  const connect = timedConnector(secure, settings.http2);
  // proxyTunnel false: plain http goes to the proxy as an absolute URL, as curl sends it; https is tunnelled.
  const agent = { connect, allowH2: settings.http2, requestTls: secure, proxyTunnel: false, connections };
  // With no proxy in the environment, its agent would only look for one on every request.
  if (settings.proxy.mode === 'none' || (settings.proxy.mode === 'environment' && !proxyInEnvironment())) {
    return new Agent({ connect, allowH2: settings.http2, connections });
  }
  if (settings.proxy.mode === 'environment') return new EnvHttpProxyAgent(agent);
  try {
    return new EnvHttpProxyAgent({ ...agent, httpProxy: proxy.url, httpsProxy: proxy.url, noProxy: proxy.noProxy });
  } catch {
    // Named as written: the address may hold a secret variable (a proxy password).
    throw new AppError(
      'VALIDATION',
      `the proxy ${settings.proxy.url} is not a proxy address; give one such as http://proxy.example.com:3128 in the settings`,
    );
  }
}

/** How many differently configured dispatchers stay open; the least recently used beyond it is closed. */
const KEPT_DISPATCHERS = 8;

/**
 * The dispatchers sends go through, one per configuration (TLS, proxy and its bypass list, or the environment's
 * HTTPS_PROXY, HTTP_PROXY and NO_PROXY, HTTP/2), so that a server's connection is kept alive between sends as
 * every HTTP client keeps it, and a change of setting never reuses a connection made under the old one.
 */
export class DispatcherPool {
  private readonly dispatchers = new Map<string, Dispatcher>();

  /** The dispatcher for these settings; throws VALIDATION when a file they name cannot be read. */
  async for(settings: RequestSettings, resolve: (text: string) => string): Promise<Dispatcher> {
    const configuration = await configure(settings, resolve);
    const { key } = configuration;
    const kept = this.dispatchers.get(key);
    this.dispatchers.delete(key);
    const dispatcher = kept ?? (await newDispatcher(configuration, settings, null));
    this.dispatchers.set(key, dispatcher);
    for (const [oldKey, old] of this.dispatchers) {
      if (this.dispatchers.size <= KEPT_DISPATCHERS) break;
      this.dispatchers.delete(oldKey);
      // Closing lets the sends still on it finish.
      void old.close().catch(() => undefined);
    }
    return dispatcher;
  }

  /**
   * Dispatchers of their own for a load test, one per configuration its requests need, each opening at most
   * `connections` to an origin; the caller closes them.
   */
  static dedicated(
    connections: number,
  ): (settings: RequestSettings, resolve: (text: string) => string) => Promise<Dispatcher> {
    const made = new Map<string, Promise<Dispatcher>>();
    return async (settings, resolve) => {
      const configuration = await configure(settings, resolve);
      let dispatcher = made.get(configuration.key);
      if (dispatcher === undefined) {
        dispatcher = newDispatcher(configuration, settings, connections);
        made.set(configuration.key, dispatcher);
      }
      return dispatcher;
    };
  }

  /** Ends every connection at once, sends on them included. */
  async destroy(): Promise<void> {
    const all = [...this.dispatchers.values()];
    this.dispatchers.clear();
    await Promise.all(all.map((dispatcher) => dispatcher.destroy().catch(() => undefined)));
  }
}
