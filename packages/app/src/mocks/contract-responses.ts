import type { ContractMedia, ContractResponse, EndpointContract, JsonSchema } from '@client/core';
import { isJsonMedia, type MockAnswer } from './mock-answer.js';
import type { ContractEngines } from './mock-routes.js';

/** A response of the contract with the status it is answered with (`2XX` and `default` need one). */
export interface PickedResponse {
  status: number;
  response: ContractResponse;
}

const SUCCESS = /^2(\d\d|XX)$/;

function rangeStatus(status: string): number {
  return /^\dXX$/.test(status) ? Number(status.charAt(0)) * 100 : Number(status);
}

/**
 * The response for a status as Prism finds it: the exact code, else its range (`4XX`), else (unless told not to)
 * `default`.
 */
export function responseForStatus(contract: EndpointContract, status: number, orDefault = true): PickedResponse | null {
  const response =
    contract.responses.find((candidate) => candidate.status === String(status)) ??
    contract.responses.find((candidate) => candidate.status === `${String(status).charAt(0)}XX`) ??
    (orDefault ? contract.responses.find((candidate) => candidate.status === 'default') : undefined);
  return response === undefined ? null : { status, response };
}

/** The response a request gets when it asks for none: the lowest 2xx, else `default` (as 200), else the first. */
export function defaultResponse(contract: EndpointContract): PickedResponse | null {
  const success = contract.responses
    .filter((response) => SUCCESS.test(response.status))
    .sort((left, right) => left.status.localeCompare(right.status))[0];
  if (success !== undefined) return { status: rangeStatus(success.status), response: success };
  const fallback = contract.responses.find((response) => response.status === 'default') ?? contract.responses[0];
  if (fallback === undefined) return null;
  return { status: fallback.status === 'default' ? 200 : rangeStatus(fallback.status), response: fallback };
}

/** The media type answered: JSON where the response offers it, else its first. */
export function answeredMedia(response: ContractResponse): ContractMedia | undefined {
  return response.content.find((media) => isJsonMedia(media.mediaType)) ?? response.content[0];
}

function hasOwnExample(schema: JsonSchema | undefined, defs: Record<string, JsonSchema>): boolean {
  if (typeof schema !== 'object') return false;
  const ref = typeof schema.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  const target = ref === undefined ? schema : defs[decodeURIComponent(ref)];
  return typeof target === 'object' && ('example' in target || 'examples' in target);
}

function headerValue(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
}

/**
 * An answer built from a contract response: a body generated from its schema (fixed, or random when `dynamic`),
 * and a value for each header it declares with a schema, as Prism mocks them.
 */
export function answerFromResponse(
  picked: PickedResponse,
  defs: Record<string, JsonSchema>,
  dynamic: boolean,
  engines: ContractEngines,
): MockAnswer {
  const sample = dynamic ? engines.dynamicSample : engines.staticSample;
  const headers: [string, string][] = [];
  for (const header of picked.response.headers) {
    if (header.schema === undefined || header.name.toLowerCase() === 'content-type') continue;
    const value = headerValue(sample(header.schema, defs));
    if (value !== null) headers.push([header.name, value]);
  }
  const media = answeredMedia(picked.response);
  if (media === undefined || picked.status === 204 || picked.status === 304) {
    return { status: picked.status, headers, body: Buffer.alloc(0), source: 'generated' };
  }
  const mediaType = media.mediaType.includes('*') ? 'text/plain' : media.mediaType;
  headers.unshift(['Content-Type', mediaType]);
  if (media.schema === undefined) {
    return { status: picked.status, headers, body: Buffer.alloc(0), source: 'generated' };
  }
  const value = sample(media.schema, defs);
  const text = isJsonMedia(mediaType) || typeof value !== 'string' ? JSON.stringify(value ?? null) : value;
  const source = !dynamic && hasOwnExample(media.schema, defs) ? 'schema example' : 'generated';
  return { status: picked.status, headers, body: Buffer.from(text), source };
}
