import { MASKED_VALUE } from '@client/core';

/** What follows `scheme://` up to the path: userinfo (left out) and host. */
const AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^/?#]*@)?([^/?#]*)/;

/**
 * The host a request is said to go to (in History, in a failure's message): the URL's own, unless a secret variable
 * shapes it, which the URL with its secrets masked (`keptUrl`) tells by naming another host. Then it is the host as
 * that URL writes it, the secret masked (or just the mask): the URL's own host is the secret lowercased and, when
 * not ASCII, punycoded, forms no scrubber finds inside a longer name.
 */
export function shownHost(url: URL, keptUrl: string): string {
  if (URL.canParse(keptUrl) && new URL(keptUrl).host === url.host) return url.host;
  const kept = AUTHORITY.exec(keptUrl)?.[1] ?? '';
  return kept.includes(MASKED_VALUE) ? kept : MASKED_VALUE;
}

/** `text` (a network failure's) with the URL's host name masked in it, when a secret variable shapes that name. */
export function maskedHostName(text: string, url: URL, keptUrl: string): string {
  if (shownHost(url, keptUrl) === url.host || url.hostname === '') return text;
  return text.replaceAll(url.hostname, MASKED_VALUE);
}
