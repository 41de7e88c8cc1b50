import { AppError, type GraphqlSchemaAnswer, type SendInput } from '@client/core';
import { getIntrospectionQuery } from 'graphql';
import type { RequestSender } from '../sending/request-sender.js';

/** How many endpoints' schemas stay cached: enough for every tab a person keeps open. */
const KEPT_SCHEMAS = 32;

/**
 * GraphQL schemas fetched by introspection, cached per endpoint and URL until refreshed. The introspection goes out
 * as the endpoint's own request would (its URL, headers, auth and variables) but is not kept in History: it is the
 * editor's, not the person's.
 */
export class GraphqlSchemas {
  private readonly cached = new Map<string, GraphqlSchemaAnswer>();

  constructor(private readonly sender: RequestSender) {}

  async schema(input: SendInput, refresh: boolean): Promise<GraphqlSchemaAnswer> {
    const key = `${input.endpointId ?? `unsaved ${input.projectId}`}\n${input.request.path}`;
    const kept = this.cached.get(key);
    if (kept !== undefined && !refresh) return kept;
    const answer = await this.introspect(input);
    this.cached.delete(key);
    this.cached.set(key, answer);
    for (const [oldest] of this.cached) {
      if (this.cached.size <= KEPT_SCHEMAS) break;
      this.cached.delete(oldest);
    }
    return answer;
  }

  private async introspect(input: SendInput): Promise<GraphqlSchemaAnswer> {
    const request = {
      ...input.request,
      method: 'POST',
      body: { mode: 'graphql' as const, query: getIntrospectionQuery(), variables: '' },
      tests: [],
    };
    const sent = await this.sender.send({ ...input, request });
    const { outcome } = sent;
    if (outcome.outcome === 'failed') {
      throw new AppError('VALIDATION', `the schema could not be fetched: ${outcome.message}`);
    }
    if (outcome.outcome !== 'response') {
      throw new AppError('VALIDATION', 'the schema could not be fetched: the request was not sent');
    }
    const text = sent.bytes === undefined ? (outcome.body ?? '') : new TextDecoder().decode(sent.bytes);
    return { ...introspectionOf(text, outcome.status), fetchedAt: new Date().toISOString() };
  }
}

/** The introspection result in a GraphQL answer, or a coded error saying what the server sent instead. */
function introspectionOf(text: string, status: number): Pick<GraphqlSchemaAnswer, 'introspection'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(
      'VALIDATION',
      `the server answered the introspection query with HTTP ${status} and no JSON; check the URL points at a GraphQL endpoint`,
    );
  }
  const answer = (parsed ?? {}) as { data?: { __schema?: unknown }; errors?: { message?: unknown }[] };
  if (answer.data?.__schema !== undefined && answer.data.__schema !== null) {
    return { introspection: answer.data as GraphqlSchemaAnswer['introspection'] };
  }
  const reason = answer.errors?.map((error) => String(error.message)).join('; ');
  throw new AppError(
    'VALIDATION',
    reason === undefined || reason === ''
      ? `the server answered the introspection query with HTTP ${status} but no schema`
      : `the server refused the introspection query: ${reason}`,
  );
}
