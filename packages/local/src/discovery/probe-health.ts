import type { Agent } from 'node:http';
import { APP_NAME } from '@client/core';
import { HELLO_PATH, isValidHelloProof, newHelloNonce } from '../hello-proof.js';
import { isJsonRecord } from '../json-record.js';
import { type JsonAnswer, requestJson } from './request-json.js';

/**
 * What one port said: it proved it holds our token and its health accepts it (`accepted`), it answered as a
 * Client control plane but could not prove it holds our token (`rejected`: a different install, or a program
 * posing as Client), or anything else — nothing listening, no answer in time, a program that does not claim
 * to be Client (`absent`).
 */
export type HealthProbe =
  /** `appVersion` is null when the health was not asked (`askHealth` false). */
  | { port: number; outcome: 'accepted'; appVersion: string | null }
  | { port: number; outcome: 'rejected' }
  | { port: number; outcome: 'absent'; reason: string };

const MAX_ANSWER_BYTES = 64 * 1024;

/** An answer in a Client control plane's shapes: its hello or health, or its `{code, message}` refusal. */
function claimsToBeClient(answer: JsonAnswer & { kind: 'response' }): boolean {
  const { body } = answer;
  if (!isJsonRecord(body)) return false;
  return body.app === APP_NAME || (answer.status === 401 && body.code === 'UNAUTHORIZED');
}

/**
 * Asks the port to prove it holds `token` (the hello, sent without the token), and only when the proof holds
 * for this very port sends the token, to `GET /agent/health` (unless `askHealth` is false: a caller that sends
 * its own request at once learns a refusal of the token from that answer). The token never reaches a listener
 * that has not proved it already holds it.
 */
export async function probeHealth(
  port: number,
  token: string,
  timeoutMs: number,
  askHealth = true,
  agent?: Agent,
): Promise<HealthProbe> {
  const nonce = newHelloNonce();
  const started = Date.now();
  const hello = await requestJson({
    port,
    method: 'GET',
    path: `${HELLO_PATH}?nonce=${nonce}`,
    timeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
    agent,
  });
  if (hello.kind === 'no-answer') return { port, outcome: 'absent', reason: hello.reason };
  const proved =
    hello.status === 200 && isJsonRecord(hello.body) && isValidHelloProof(token, nonce, port, hello.body.proof);
  if (!proved) {
    if (claimsToBeClient(hello)) return { port, outcome: 'rejected' };
    return {
      port,
      outcome: 'absent',
      reason: `HTTP ${hello.status} from something that is not a ${APP_NAME} control plane`,
    };
  }
  if (!askHealth) return { port, outcome: 'accepted', appVersion: null };

  const answer = await requestJson({
    port,
    method: 'GET',
    path: '/agent/health',
    token,
    timeoutMs: Math.max(1, timeoutMs - (Date.now() - started)),
    maxBytes: MAX_ANSWER_BYTES,
    agent,
  });
  if (answer.kind === 'no-answer') return { port, outcome: 'absent', reason: answer.reason };
  const body = answer.body;
  if (answer.status === 200 && isJsonRecord(body) && body.status === 'ok' && body.app === APP_NAME) {
    return { port, outcome: 'accepted', appVersion: typeof body.version === 'string' ? body.version : 'unknown' };
  }
  // It proved it holds the token, then refused it: the token was replaced between the two requests.
  if (answer.status === 401 && isJsonRecord(body) && body.code === 'UNAUTHORIZED') return { port, outcome: 'rejected' };
  return { port, outcome: 'absent', reason: `HTTP ${answer.status} to the health check after the hello` };
}
