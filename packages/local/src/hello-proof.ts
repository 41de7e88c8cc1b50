import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The control plane's proof that it holds this install's agent token, asked before the token is sent anywhere.
 * The client sends `GET /agent/hello?nonce=<64 hex digits>` without the token; the app answers
 * `{app: "Client", proof}` where proof is the lower-case hex HMAC-SHA256, keyed with the token's UTF-8 bytes, of
 * the UTF-8 text `client-hello-v1\n<nonce>\n<port>` — `port` being the port the app's own socket listens on.
 * The client checks it against the port it connected to: an impostor cannot compute it, and one that relays the
 * challenge to the real app on another port gets a proof for the wrong port.
 */
export const HELLO_PATH = '/agent/hello';

const NONCE = /^[0-9a-f]{64}$/;
const PROOF = /^[0-9a-f]{64}$/;

export function newHelloNonce(): string {
  return randomBytes(32).toString('hex');
}

export function isHelloNonce(value: unknown): value is string {
  return typeof value === 'string' && NONCE.test(value);
}

export function helloProof(token: string, nonce: string, port: number): string {
  return createHmac('sha256', Buffer.from(token, 'utf8'))
    .update(`client-hello-v1\n${nonce}\n${port}`, 'utf8')
    .digest('hex');
}

/** Whether `proof` is the one the holder of `token`, listening on `port`, gives for `nonce`; constant time. */
export function isValidHelloProof(token: string, nonce: string, port: number, proof: unknown): boolean {
  if (typeof proof !== 'string' || !PROOF.test(proof)) return false;
  return timingSafeEqual(Buffer.from(helloProof(token, nonce, port), 'hex'), Buffer.from(proof, 'hex'));
}
