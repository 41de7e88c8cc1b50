import {
  AppError,
  BASE_URL_VARIABLE,
  type ConcreteAuth,
  destinationHost,
  type EndpointDraft,
  isHostAllowed,
  isOwnUrl,
  placeholder,
  withoutDisabledRows,
} from '@client/core';
import type { OutgoingRequest } from './outgoing-request.js';
import { secretForms } from './secret-forms.js';
import { shownHost } from './shown-host.js';
import type { UsedSecret, VariableScope } from './variable-scope.js';

/**
 * A secret's plaintext shorter than this is not looked for in text a script wrote out: it would turn up by chance.
 * Such a secret is still found wherever the request names it (`{{name}}`).
 */
const MIN_FOUND_SECRET = 8;

/** Every text of the request that is resolved into what goes out: URL, query, headers, body, file paths, auth. */
export function requestTexts(request: EndpointDraft): string[] {
  const draft = withoutDisabledRows(request);
  const texts = [draft.path];
  if (!isOwnUrl(draft.path)) texts.push(placeholder(BASE_URL_VARIABLE));
  for (const row of [...draft.queryParams, ...draft.headers]) texts.push(row.key, row.value);
  const { body } = draft;
  if (body.mode === 'json' || body.mode === 'text') texts.push(body.text);
  if (body.mode === 'file') texts.push(body.path);
  if (body.mode === 'graphql') texts.push(body.query, body.variables, body.operationName ?? '');
  if (body.mode === 'urlencoded') for (const field of body.fields) texts.push(field.key, field.value);
  if (body.mode === 'multipart') {
    for (const part of body.parts) texts.push(part.name, part.value ?? '', part.file ?? '', part.contentType ?? '');
  }
  for (const value of Object.values(draft.auth)) if (typeof value === 'string') texts.push(value);
  return texts;
}

/** The bytes a request puts on the wire that a secret's plaintext could sit in. */
function wireTexts(outgoing: OutgoingRequest): string[] {
  const texts = [outgoing.url.href, ...outgoing.headers.flatMap((header) => [header.key, header.value])];
  if (typeof outgoing.body === 'string') texts.push(outgoing.body);
  else if (outgoing.body !== null) texts.push(outgoing.body.toString('latin1'), outgoing.body.toString('utf8'));
  return texts;
}

/** The secrets held to allowed hosts whose plaintext (in any form it is sent in) is somewhere in `texts`. */
function secretsCarriedIn(scope: VariableScope, texts: readonly string[]): UsedSecret[] {
  return scope
    .heldSecrets()
    .filter(({ value }) => value.length >= MIN_FOUND_SECRET)
    .filter(({ value }) => secretForms([value], []).some((form) => texts.some((text) => text.includes(form))))
    .map(({ name, allowedHosts }) => ({ name, allowedHosts }));
}

/**
 * The secrets a request carries: those its texts name, and those whose value a script wrote into it as it is (of
 * its scope, or of `watched`). Each once, by name.
 */
export function secretsOfRequest(
  request: EndpointDraft,
  scope: VariableScope,
  outgoing: OutgoingRequest,
  watched?: VariableScope,
): UsedSecret[] {
  const byName = new Map<string, UsedSecret>();
  const wire = wireTexts(outgoing);
  for (const secret of [
    ...scope.secretsReachedFrom(requestTexts(request)),
    ...secretsCarriedIn(scope, wire),
    ...(watched === undefined ? [] : secretsCarriedIn(watched, wire)),
  ]) {
    byName.set(secret.name, secret);
  }
  return [...byName.values()];
}

/**
 * `url`'s host as a message may name it, `keptUrl` being the URL with its secrets masked: as `shownHost` shows it
 * when a secret shapes it, since these messages reach agents.
 */
function shownDestination(url: URL, keptUrl: string): string {
  const shown = shownHost(url, keptUrl);
  return shown === url.host ? destinationHost(url) : shown;
}

/**
 * Why `url` may not get these secrets, naming the first that is not allowed there; null when all are. `keptUrl`
 * is the URL with its secrets masked.
 */
export function secretHostBar(secrets: readonly UsedSecret[], url: URL, keptUrl: string): string | null {
  const barred = secrets.find((secret) => !isHostAllowed(url, secret.allowedHosts));
  if (barred === undefined) return null;
  const allowed = barred.allowedHosts.length === 0 ? 'no host' : barred.allowedHosts.join(', ');
  const host = shownDestination(url, keptUrl);
  return (
    `the secret {{${barred.name}}} may be sent only to ${allowed}, not to ${host}; ` +
    `add ${host} to its allowed hosts in the environment editor if it is meant to go there`
  );
}

/** Throws FORBIDDEN, before anything goes out, when a secret the request carries is not allowed at its host. */
export function refuseSecretsOutsideTheirHosts(secrets: readonly UsedSecret[], url: URL, keptUrl: string): void {
  const bar = secretHostBar(secrets, url, keptUrl);
  if (bar !== null) throw new AppError('FORBIDDEN', `not sent: ${bar}`);
}

/**
 * OAuth 2.0 sends the client's credentials to its token URL, not to the request's host: a secret in the auth's
 * fields must be allowed there too. A token URL that does not resolve to a URL is left to the sign-in to refuse.
 */
export function refuseSecretsOutsideTokenHost(auth: ConcreteAuth, scope: VariableScope): void {
  if (auth.type !== 'oauth2') return;
  const fields = Object.values(auth).filter((value): value is string => typeof value === 'string');
  const secrets = scope.secretsReachedFrom(fields);
  if (secrets.length === 0) return;
  let tokenUrl: URL;
  try {
    tokenUrl = new URL(scope.resolve(auth.tokenUrl, false));
  } catch {
    return;
  }
  const bar = secretHostBar(secrets, tokenUrl, scope.resolve(auth.tokenUrl, true));
  if (bar !== null) throw new AppError('FORBIDDEN', `not sent: the OAuth 2.0 token request carries a secret; ${bar}`);
}
