import { lookup } from 'node:dns';
import { readFile } from 'node:fs/promises';
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { type ConnectionOptions, connect as connectTls, rootCertificates } from 'node:tls';
import { AppError, isRelativeFilePath, type RequestSettings } from '@client/core';
import { Agent, type buildConnector, type Dispatcher, EnvHttpProxyAgent } from 'undici';
import type { TimingRecorder } from './send-timing.js';

async function readSettingFile(path: string, what: string): Promise<Buffer> {
  if (isRelativeFilePath(path)) {
    throw new AppError('VALIDATION', `the ${what} ${path} is a relative path; give its full path in the settings`);
  }
  try {
    return await readFile(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError('VALIDATION', `the ${what} ${path} cannot be read (${reason}); check the path in the settings`);
  }
}

/** The TLS side of the settings: verification, trusted authorities besides the system's, a client certificate. */
async function tlsOptions(settings: RequestSettings, resolve: (text: string) => string): Promise<ConnectionOptions> {
  const options: ConnectionOptions = { rejectUnauthorized: settings.verifyTls };
  const caFile = resolve(settings.caFile);
  if (caFile !== '') options.ca = [...rootCertificates, (await readSettingFile(caFile, 'CA file')).toString('utf8')];
  const certFile = resolve(settings.clientCertFile);
  if (certFile !== '') {
    const passphrase = resolve(settings.clientCertPassphrase);
    if (passphrase !== '') options.passphrase = passphrase;
    const keyFile = resolve(settings.clientKeyFile);
    if (/\.(p12|pfx)$/i.test(certFile) && keyFile === '') options.pfx = await readSettingFile(certFile, 'certificate');
    else {
      options.cert = await readSettingFile(certFile, 'certificate');
      options.key = await readSettingFile(keyFile === '' ? certFile : keyFile, 'key file');
    }
  }
  return options;
}

/**
 * Connects as undici's own connector would, timing each phase: the name lookup, the TCP connection, the TLS
 * handshake (offering HTTP/2 when allowed).
 */
function timedConnector(tls: ConnectionOptions, allowH2: boolean, timing: TimingRecorder): buildConnector.connector {
  return (options, callback) => {
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
        timing.addConnection({ dnsMs: looked - started, connectMs: connected - looked, tlsMs: 0 });
        finish(null, tcp);
        return;
      }
      const secure = connectTls({
        ...tls,
        socket: tcp,
        ...(isIP(host) === 0 ? { servername: options.servername ?? host } : {}),
        ALPNProtocols: allowH2 ? ['h2', 'http/1.1'] : ['http/1.1'],
      });
      secure.once('error', (error) => finish(error, null));
      secure.once('secureConnect', () => {
        timing.addConnection({
          dnsMs: looked - started,
          connectMs: connected - looked,
          tlsMs: performance.now() - connected,
        });
        finish(null, secure);
      });
    });
  };
}

/**
 * A dispatcher for one send, made from its settings: TLS as configured, through the proxy the settings (or the
 * environment's HTTPS_PROXY, HTTP_PROXY and NO_PROXY) name, HTTP/2 when allowed. Closed after the send.
 */
export async function dispatcherFor(
  settings: RequestSettings,
  resolve: (text: string) => string,
  timing: TimingRecorder,
): Promise<Dispatcher> {
  const tls = await tlsOptions(settings, resolve);
  const connect = timedConnector(tls, settings.http2, timing);
  // proxyTunnel false: plain http goes to the proxy as an absolute URL, as curl sends it; https is tunnelled.
  const agent = { connect, allowH2: settings.http2, requestTls: tls, proxyTunnel: false };
  const { proxy } = settings;
  if (proxy.mode === 'none') return new Agent({ connect, allowH2: settings.http2 });
  if (proxy.mode === 'environment') return new EnvHttpProxyAgent(agent);
  const url = resolve(proxy.url);
  return new EnvHttpProxyAgent({ ...agent, httpProxy: url, httpsProxy: url, noProxy: resolve(proxy.noProxy) });
}
