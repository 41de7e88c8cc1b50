import { AppError } from '@client/core';
import type { Dispatcher } from 'undici';
import { loadUndici } from './undici.js';

/** What a token endpoint gave: the access token, maybe a refresh token, and how long the access token lasts. */
export interface TokenAnswer {
  accessToken: string;
  refreshToken: string | null;
  /** Milliseconds the access token lasts; null when the server did not say. */
  lifetimeMs: number | null;
}

/** How the client proves who it is to the token endpoint. */
export interface TokenClient {
  clientId: string;
  /** Empty for a public client (PKCE), which names itself in the form instead. */
  clientSecret: string;
}

function formEncode(text: string): string {
  return encodeURIComponent(text).replaceAll('%20', '+');
}

function describeFailure(status: number, body: unknown, remedy: string): string {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const reason = [answer.error, answer.error_description].filter((part) => typeof part === 'string').join(': ');
  return `the token URL answered ${status}${reason === '' ? '' : ` (${reason})`}; ${remedy}`;
}

/** Reads a token or authorization URL, refusing what is not an absolute http(s) address. */
export function readHttpUrl(text: string, label = 'token URL'): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('VALIDATION', `the ${label} "${text}" is not a URL; give an https:// address`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('VALIDATION', `the ${label} "${text}" is not an http or https address`);
  }
  return url;
}

/**
 * Posts a token request (RFC 6749 §4) and reads the answer. A confidential client's credentials go in a Basic
 * header, each form-encoded first (§2.3.1); a public client sends its `client_id` in the form. `remedy` finishes
 * the message of a refusal.
 */
export async function requestToken(
  url: URL,
  client: TokenClient,
  fields: Record<string, string>,
  options: { dispatcher: Dispatcher; signal: AbortSignal; remedy: string },
): Promise<TokenAnswer> {
  const form = new URLSearchParams(fields);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (client.clientSecret === '') form.set('client_id', client.clientId);
  else {
    const basic = `${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  }
  // Loaded with the dispatcher this request goes through (dispatcher.ts), so this is already done.
  const { request } = await loadUndici();
  const answer = await request(url, {
    method: 'POST',
    headers,
    body: form.toString(),
    dispatcher: options.dispatcher,
    signal: options.signal,
  });
  const text = await answer.body.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: reported below by what is missing.
  }
  if (answer.statusCode < 200 || answer.statusCode >= 300) {
    throw new AppError('VALIDATION', describeFailure(answer.statusCode, body, options.remedy));
  }
  const fieldsOf = (body ?? {}) as Record<string, unknown>;
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn } = fieldsOf;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new AppError('VALIDATION', 'the token URL answered without an access_token; is it the token endpoint?');
  }
  const seconds = typeof expiresIn === 'string' ? Number(expiresIn) : expiresIn;
  return {
    accessToken,
    refreshToken: typeof refreshToken === 'string' && refreshToken !== '' ? refreshToken : null,
    lifetimeMs: typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null,
  };
}
