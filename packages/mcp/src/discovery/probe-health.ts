import { APP_NAME } from '@client/core';
import { requestJson } from '../http/request-json.js';
import { isJsonRecord } from '../json-record.js';

/**
 * What one port said to `GET /agent/health` with our token: it is this install's control plane (`accepted`),
 * a control plane that refuses the token (`rejected`), or anything else — nothing listening, no answer in
 * time, or a program that is not a Client control plane (`absent`).
 */
export type HealthProbe =
  | { port: number; outcome: 'accepted'; appVersion: string }
  | { port: number; outcome: 'rejected' }
  | { port: number; outcome: 'absent'; reason: string };

const MAX_HEALTH_BYTES = 64 * 1024;

export async function probeHealth(port: number, token: string, timeoutMs: number): Promise<HealthProbe> {
  const answer = await requestJson({
    port,
    method: 'GET',
    path: '/agent/health',
    token,
    timeoutMs,
    maxBytes: MAX_HEALTH_BYTES,
  });
  if (answer.kind === 'no-answer') return { port, outcome: 'absent', reason: answer.reason };
  const body = answer.body;
  if (answer.status === 200 && isJsonRecord(body) && body.status === 'ok' && body.app === APP_NAME) {
    return { port, outcome: 'accepted', appVersion: typeof body.version === 'string' ? body.version : 'unknown' };
  }
  // Only a 401 in the control plane's own error shape counts: another program's 401 says nothing about our token.
  if (answer.status === 401 && isJsonRecord(body) && body.code === 'UNAUTHORIZED') return { port, outcome: 'rejected' };
  return {
    port,
    outcome: 'absent',
    reason: `HTTP ${answer.status} from something that is not a ${APP_NAME} control plane`,
  };
}
