import { AppError, type GraphqlSchemaAnswer, type SendInput } from '@client/core';
import type { Store } from '@client/store';
import { getIntrospectionQuery } from 'graphql';
import type { RequestSender } from '../sending/request-sender.js';

/** How many unsaved requests' schemas stay in memory: enough for every tab a person keeps open. */
const KEPT_UNSAVED = 32;

/**
 * GraphQL schemas fetched by introspection, kept per endpoint and URL until refreshed: a saved endpoint's in the
 * store, so they outlive the app, an unsaved request's in memory. The introspection goes out as the endpoint's own
 * request would (its URL, headers, auth and variables) but is not kept in History: it is the editor's, not the
 * person's.
 */
export class GraphqlSchemas {
  private readonly unsaved = new Map<string, GraphqlSchemaAnswer>();

  constructor(
    private readonly sender: RequestSender,
    private readonly store: Store,
  ) {}

  async schema(input: SendInput, refresh: boolean): Promise<GraphqlSchemaAnswer> {
    const url = input.request.path;
    const saved = input.endpointId === null ? undefined : this.store.endpoints.get(input.endpointId);
    if (saved !== undefined) {
      const kept = refresh ? undefined : this.store.graphqlSchemas.get(saved.id);
      if (kept !== undefined && kept.url === url) {
        return { introspection: JSON.parse(kept.introspection), fetchedAt: kept.fetchedAt };
      }
      const answer = await this.introspect(input);
      const introspection = JSON.stringify(answer.introspection);
      this.store.graphqlSchemas.set(saved.id, { url, introspection, fetchedAt: answer.fetchedAt });
      return answer;
    }
    const key = `${input.endpointId ?? input.projectId}\n${url}`;
    const kept = refresh ? undefined : this.unsaved.get(key);
    if (kept !== undefined) return kept;
    const answer = await this.introspect(input);
    this.unsaved.delete(key);
    this.unsaved.set(key, answer);
    for (const [oldest] of this.unsaved) {
      if (this.unsaved.size <= KEPT_UNSAVED) break;
      this.unsaved.delete(oldest);
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
