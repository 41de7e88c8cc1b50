import { isSecretName, MASKED_VALUE } from '@client/core';
import type { OutgoingRequest } from './outgoing-request.js';

/** A header the sender adds once the request is built: what goes out, and whether History shows it masked. */
export interface AddedHeader {
  key: string;
  value: string;
}

/**
 * Adds headers an auth writes at send time (a fetched bearer, an AWS signature), each replacing any of its name
 * the request set itself, and shows them in what History keeps before the framing, masked where the name says
 * it is a credential.
 */
export function addHeaders(outgoing: OutgoingRequest, added: readonly AddedHeader[]): void {
  const names = new Set(added.map((header) => header.key.toLowerCase()));
  const keep = (header: { key: string }) => !names.has(header.key.toLowerCase());
  outgoing.headers.splice(0, outgoing.headers.length, ...outgoing.headers.filter(keep), ...added);
  const record = outgoing.record.headers.filter(keep);
  const framing = record.findIndex((header) => header.key === 'content-length');
  const shown = added.map(({ key, value }) => ({ key, value: isSecretName(key) ? MASKED_VALUE : value }));
  record.splice(framing < 0 ? record.length : framing, 0, ...shown);
  outgoing.record.headers.splice(0, outgoing.record.headers.length, ...record);
}
