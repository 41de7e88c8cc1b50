import type { Endpoint, EndpointContract, EndpointExample } from '@client/core';
import {
  answeredMedia,
  answerFromResponse,
  defaultResponse,
  type PickedResponse,
  responseForStatus,
} from './contract-responses.js';
import { type MockAnswer, ownAnswer } from './mock-answer.js';
import type { ContractEngines } from './mock-routes.js';
import type { MockPreferences } from './prefer-header.js';

/**
 * Headers an example keeps from the response it was saved from that were about that one transfer, not the answer:
 * its body is kept decoded, so a `Content-Encoding: gzip` sent with it would break every client.
 */
const TRANSFER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
]);

function looksLikeJson(body: string): boolean {
  const start = body.trimStart().charAt(0);
  if (start !== '{' && start !== '[') return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/** An example as the mock answers it: its headers, its body as written, `mockStatus` over its status. */
function answerFromExample(endpoint: Endpoint, example: EndpointExample): MockAnswer {
  const headers: [string, string][] = example.headers
    .filter((header) => header.enabled !== false && !TRANSFER_HEADERS.has(header.key.toLowerCase()))
    .map((header) => [header.key, header.value]);
  if (!headers.some(([name]) => name.toLowerCase() === 'content-type') && example.body !== '') {
    const declared = endpoint.contract && responseForStatus(endpoint.contract, example.status);
    const media = declared ? answeredMedia(declared.response)?.mediaType : undefined;
    const sniffed = looksLikeJson(example.body) ? 'application/json' : 'text/plain; charset=utf-8';
    headers.unshift(['Content-Type', media !== undefined && !media.includes('*') ? media : sniffed]);
  }
  return {
    status: example.mockStatus ?? example.status,
    headers,
    body: Buffer.from(example.body),
    source: example.name,
    ...(example.delay === undefined ? {} : { delay: example.delay }),
  };
}

function statusesOf(endpoint: Endpoint): string {
  const statuses = new Set([
    ...(endpoint.examples ?? []).map((example) => String(example.status)),
    ...(endpoint.contract?.responses ?? []).map((response) => response.status),
  ]);
  return statuses.size === 0 ? 'none' : [...statuses].join(', ');
}

function notFound(message: string): MockAnswer {
  return ownAnswer(404, { code: 'NOT_FOUND', message });
}

/**
 * The status answered when none is asked for: the lowest 2xx of the endpoint's examples (they come first, saved
 * or imported), else the contract's default response's.
 */
function defaultStatus(endpoint: Endpoint, picked: PickedResponse | null): number | null {
  const success = (endpoint.examples ?? [])
    .map((example) => example.status)
    .filter((status) => status >= 200 && status < 300);
  return success.length === 0 ? (picked?.status ?? null) : Math.min(...success);
}

/**
 * The answer to a valid request, chosen as Prism chooses: `Prefer: example=<name>` takes that example;
 * `Prefer: code=<status>` an example with that status, else the contract's response for it; else the first example
 * of the lowest 2xx, else the contract's lowest 2xx response generated from its schema. `Prefer: dynamic=true` generates random
 * values wherever the contract has a schema for the status. A status or example the endpoint does not have is a
 * 404 that says which it has.
 */
export function chooseAnswer(
  endpoint: Endpoint,
  preferences: MockPreferences,
  cached: AnswerCache,
  engines: ContractEngines | null,
): MockAnswer {
  const examples = endpoint.examples ?? [];
  const contract = endpoint.contract;
  const { code, example: wanted, dynamic } = preferences;
  if (wanted !== undefined) {
    const found = examples.find(
      (example) => example.name === wanted && (code === undefined || example.status === code),
    );
    if (found !== undefined) return cachedExample(endpoint, found, cached);
    const names = examples.map((example) => `"${example.name}"`).join(', ') || 'none';
    const withCode = code === undefined ? '' : ` with status ${code}`;
    return notFound(`This endpoint has no example named "${wanted}"${withCode}; its examples: ${names}`);
  }
  const picked =
    contract === undefined ? null : code === undefined ? defaultResponse(contract) : responseForStatus(contract, code);
  const status = code ?? defaultStatus(endpoint, picked);
  const example = examples.find((candidate) => candidate.status === status);
  if (picked !== null && contract !== undefined && engines !== null && (dynamic || example === undefined)) {
    return dynamic
      ? answerFromResponse(picked, contract.defs, true, engines)
      : cachedResponse(picked, contract.defs, cached, engines);
  }
  if (example !== undefined) return cachedExample(endpoint, example, cached);
  if (code !== undefined) {
    return notFound(`Status ${code} is not defined for this endpoint; it answers: ${statusesOf(endpoint)}`);
  }
  const first = examples[0];
  if (first !== undefined) return cachedExample(endpoint, first, cached);
  return ownAnswer(501, {
    code: 'NOT_IMPLEMENTED',
    message: `"${endpoint.name}" has no example and no response schema to answer from; save a response as an example`,
  });
}

/**
 * Keeps the endpoint's fixed answers (its examples, bodies generated from its schemas) by a key, built once: the
 * same for every request until the endpoint changes.
 */
export type AnswerCache = (key: string, build: () => MockAnswer) => MockAnswer;

/** An example's answer, built once per version of the endpoint. */
export function cachedExample(endpoint: Endpoint, example: EndpointExample, cached: AnswerCache): MockAnswer {
  return cached(`example ${example.name}`, () => answerFromExample(endpoint, example));
}

/** A fixed answer from a contract response, generated once per version of the endpoint. */
export function cachedResponse(
  picked: PickedResponse,
  defs: EndpointContract['defs'],
  cached: AnswerCache,
  engines: ContractEngines,
): MockAnswer {
  return cached(`response ${picked.status} ${picked.response.status}`, () =>
    answerFromResponse(picked, defs, false, engines),
  );
}
