import type { GraphqlBody } from '../model.js';

/**
 * The JSON document a GraphQL body sends: `query`, then `variables` and `operationName` when written. The
 * variables go in as their text stands (`1.50` stays `1.50`); the sender checks they parse before it sends.
 */
export function graphqlPayload(body: Omit<GraphqlBody, 'mode'>): string {
  const parts = [`"query":${JSON.stringify(body.query)}`];
  const variables = body.variables.trim();
  if (variables !== '') parts.push(`"variables":${variables}`);
  const operationName = body.operationName?.trim() ?? '';
  if (operationName !== '') parts.push(`"operationName":${JSON.stringify(operationName)}`);
  return `{${parts.join(',')}}`;
}

/** Why a GraphQL body's variables (its text once resolved) cannot be sent, or null when they can. */
export function graphqlVariablesProblem(variables: string): string | null {
  if (variables.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(variables);
  } catch (error) {
    return `the GraphQL variables are not valid JSON (${(error as Error).message}); write them as a JSON object`;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return 'the GraphQL variables must be a JSON object, such as {"id": 1}';
  }
  return null;
}

/**
 * A GraphQL body read back from the JSON a request sends (`{"query": …, "variables": …}`), as an OpenAPI example
 * or a captured request holds it; null when the text is not such a document.
 */
export function graphqlBodyFromPayload(text: string): GraphqlBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { query, variables, operationName } = parsed as Record<string, unknown>;
  if (typeof query !== 'string') return null;
  const body: GraphqlBody = { mode: 'graphql', query, variables: variablesText(variables) };
  if (typeof operationName === 'string' && operationName !== '') body.operationName = operationName;
  return body;
}

/** Variables as the editor shows them: pretty JSON, or empty for none. */
export function variablesText(variables: unknown): string {
  if (variables === undefined || variables === null) return '';
  if (typeof variables === 'string') return variables;
  return JSON.stringify(variables, null, 2);
}
