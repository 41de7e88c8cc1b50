import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Endpoint, EndpointContract, ExampleDelay, MockInfo, MockLogEntry } from '@client/core';
import { cachedExample, cachedResponse, chooseAnswer } from './choose-answer.js';
import { responseForStatus } from './contract-responses.js';
import { type MockAnswer, ownAnswer } from './mock-answer.js';
import { corsHeaders, isPreflight, preflightAnswer } from './mock-cors.js';
import { type ContractEngines, type EndpointRuntime, loadContractEngines, type MockRoutes } from './mock-routes.js';
import { readPreferences } from './prefer-header.js';
import type { CheckOutcome } from './request-checks.js';
import type { RouteMatch } from './route-table.js';

/** A body larger than this is not one a mock needs to read to answer: 413. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const EMPTY_BODY = Buffer.alloc(0);

/** What a mock's server needs: its settings, its routes, and where each answered request goes. */
export interface MockServerSetup {
  info: () => MockInfo;
  routes: MockRoutes;
  onRequest: (entry: MockLogEntry) => void;
}

function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function pathAndQuery(target: string): string {
  try {
    const parsed = new URL(target, 'http://127.0.0.1');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/';
  }
}

function pause(delay: ExampleDelay | undefined): Promise<void> | null {
  if (delay === undefined || delay.maxMs <= 0) return null;
  const ms = delay.minMs + Math.floor(Math.random() * (delay.maxMs - delay.minMs + 1));
  return ms <= 0 ? null : new Promise((resolve) => setTimeout(resolve, ms));
}

function unmatched(match: RouteMatch, method: string, pathname: string, routes: MockRoutes): MockAnswer {
  if (match.kind === 'wrong-method') {
    return ownAnswer(
      405,
      {
        code: 'METHOD_NOT_ALLOWED',
        message: `${pathname} answers ${match.allow.join(', ')}, not ${method}`,
        closest: match.allow.map((allowed) => ({ method: allowed, path: pathname })),
      },
      'application/json',
      [['Allow', match.allow.join(', ')]],
    );
  }
  const closest = routes.current().closest(method, pathname);
  const hint =
    closest.length === 0
      ? 'this mock has no endpoints'
      : `the closest: ${closest.map((route) => `${route.method} ${route.path}`).join(', ')}`;
  return ownAnswer(404, {
    code: 'NOT_FOUND',
    message: `No endpoint of this mock answers ${method} ${pathname}; ${hint}`,
    closest,
  });
}

/**
 * The answer to a request that breaks the contract, as Prism gives it: the endpoint's own 422 (else 400, else
 * `default`) response where it defines one, with the violations in an `sl-violations` header; else a 422
 * `application/problem+json` listing them. A body of a media type the contract does not take is a 415.
 */
function invalidAnswer(
  endpoint: Endpoint,
  contract: EndpointContract,
  runtime: EndpointRuntime,
  engines: ContractEngines,
  { violations, unsupportedMediaType: unsupported }: CheckOutcome,
): MockAnswer {
  if (unsupported !== null) {
    const accepted = contract.requestBody?.content.map((media) => media.mediaType).join(', ') ?? '';
    return ownAnswer(
      415,
      {
        title: 'Invalid content type',
        status: 415,
        detail: `${unsupported} is not taken here; send one of: ${accepted}`,
      },
      'application/problem+json',
    );
  }
  const own =
    responseForStatus(contract, 422, false) ??
    responseForStatus(contract, 400, false) ??
    responseForStatus(contract, 422);
  if (own !== null) {
    const example = endpoint.examples?.find((candidate) => candidate.status === own.status);
    const answer =
      example === undefined
        ? cachedResponse(own, contract.defs, runtime.answers, engines)
        : cachedExample(endpoint, example, runtime.answers);
    return { ...answer, headers: [...answer.headers, ['sl-violations', JSON.stringify(violations)]] };
  }
  return ownAnswer(
    422,
    {
      title: 'Invalid request',
      status: 422,
      detail: "The request breaks the endpoint's contract and the contract defines no 422, 400 or default response.",
      validation: violations,
    },
    'application/problem+json',
  );
}

/**
 * Serves one mock: routes each request to its endpoint, checks it against the endpoint's contract, chooses the
 * answer (an example, or one built from the contract), waits the delay, answers with CORS headers for browsers,
 * and reports it for the live log. Bound by its caller to 127.0.0.1 only.
 */
export function createMockServer(setup: MockServerSetup): Server {
  const { routes } = setup;

  async function answer(
    request: IncomingMessage,
    info: MockInfo,
  ): Promise<{ answer: MockAnswer; endpoint: { id: string; name: string } | null }> {
    const method = (request.method ?? 'GET').toUpperCase();
    // A request line may give the whole URL (as to a proxy); the mock routes on its path.
    const url = request.url?.startsWith('/') ? request.url : pathAndQuery(request.url ?? '/');
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (isPreflight(method, request.headers)) {
      request.resume();
      return { answer: preflightAnswer(info.corsOrigins, request.headers), endpoint: null };
    }
    const match = routes.current().match(method, pathname);
    if (match.kind !== 'found') {
      request.resume();
      return { answer: unmatched(match, method, pathname, routes), endpoint: null };
    }
    const { endpoint, params } = match;
    // Most requests carry no body: answered without waiting for the end of one.
    const carriesBody =
      request.headers['transfer-encoding'] !== undefined ||
      (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');
    if (!carriesBody) request.resume();
    const body = carriesBody ? await readBody(request) : EMPTY_BODY;
    if (body === null) {
      return {
        answer: ownAnswer(413, {
          code: 'PAYLOAD_TOO_LARGE',
          message: `A mock reads bodies up to ${MAX_BODY_BYTES} bytes`,
        }),
        endpoint,
      };
    }
    const runtime = routes.runtime(endpoint);
    const engines = endpoint.contract === undefined ? null : await loadContractEngines();
    const checker = engines === null ? null : runtime.checker(engines);
    if (info.validate && checker !== null && engines !== null && endpoint.contract !== undefined) {
      const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
      const outcome = checker.check({ params, query, headers: request.headers, body });
      if (outcome.violations.length > 0 || outcome.unsupportedMediaType !== null) {
        return {
          answer: invalidAnswer(endpoint, endpoint.contract, runtime, engines, outcome),
          endpoint,
        };
      }
    }
    const chosen = chooseAnswer(endpoint, readPreferences(request.headers.prefer), runtime.answers, engines);
    await pause(chosen.delay ?? info.delay);
    return { answer: chosen, endpoint };
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    chosen: MockAnswer,
    origins: MockInfo['corsOrigins'],
  ): void {
    const headers = [...chosen.headers, ...corsHeaders(origins, request.headers, chosen)];
    const empty = chosen.status === 204 || chosen.status === 304;
    // HEAD says how long GET's body would be.
    if (!empty) headers.push(['Content-Length', String(chosen.body.length)]);
    response.writeHead(chosen.status, headers.flat());
    response.end(empty || request.method === 'HEAD' ? undefined : chosen.body);
  }

  return createServer({ keepAliveTimeout: 5_000 }, (request, response) => {
    const started = performance.now();
    const at = new Date().toISOString();
    const info = setup.info();
    answer(request, info)
      .catch((error: unknown) => ({
        answer: ownAnswer(500, {
          code: 'INTERNAL',
          message: `The mock could not answer: ${error instanceof Error ? error.message : String(error)}`,
        }),
        endpoint: null,
      }))
      .then(({ answer: chosen, endpoint }) => {
        send(request, response, chosen, info.corsOrigins);
        const report = () =>
          setup.onRequest({
            mockId: info.id,
            at,
            method: request.method ?? 'GET',
            path: request.url ?? '/',
            status: chosen.status,
            endpointId: endpoint?.id ?? null,
            endpointName: endpoint?.name ?? null,
            answer: chosen.source,
            ms: Math.round(performance.now() - started),
          });
        if (response.writableFinished) report();
        else response.once('finish', report);
      });
  });
}
