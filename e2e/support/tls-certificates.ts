import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A key and certificate as files (for the app's settings) and as bytes (for a test server). */
export interface KeyPair {
  certFile: string;
  keyFile: string;
  cert: Buffer;
  key: Buffer;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: 'ignore' });
}

function read(dir: string, name: string): KeyPair {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  return { certFile, keyFile, cert: readFileSync(certFile), key: readFileSync(keyFile) };
}

/** A certificate signed by `ca`, for a server on 127.0.0.1 or a client. */
function issued(dir: string, ca: KeyPair, name: string, usage: 'serverAuth' | 'clientAuth'): KeyPair {
  const extensions = join(dir, `${name}.ext`);
  writeFileSync(
    extensions,
    usage === 'serverAuth'
      ? 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n'
      : 'extendedKeyUsage=clientAuth\n',
  );
  const csr = join(dir, `${name}.csr`);
  openssl(['req', '-new', ...EC_KEY, '-subj', `/CN=${name}`, '-keyout', join(dir, `${name}.key`), '-out', csr]);
  openssl([
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    ca.certFile,
    '-CAkey',
    ca.keyFile,
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    extensions,
    '-out',
    join(dir, `${name}.crt`),
  ]);
  return read(dir, name);
}

/**
 * A private certificate authority of a day with a server and a client certificate it issued, and a server
 * certificate that signs itself: what a test needs for self-signed, custom-CA and client-certificate servers.
 */
export function testCertificates(dir: string): { ca: KeyPair; server: KeyPair; client: KeyPair; selfSigned: KeyPair } {
  openssl([
    'req',
    '-x509',
    ...EC_KEY,
    '-days',
    '1',
    '-subj',
    '/CN=Client test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout',
    join(dir, 'ca.key'),
    '-out',
    join(dir, 'ca.crt'),
  ]);
  const ca = read(dir, 'ca');
  openssl([
    'req',
    '-x509',
    ...EC_KEY,
    '-days',
    '1',
    '-subj',
    '/CN=self-signed',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    join(dir, 'self-signed.key'),
    '-out',
    join(dir, 'self-signed.crt'),
  ]);
  return {
    ca,
    server: issued(dir, ca, 'server', 'serverAuth'),
    client: issued(dir, ca, 'client', 'clientAuth'),
    selfSigned: read(dir, 'self-signed'),
  };
}
