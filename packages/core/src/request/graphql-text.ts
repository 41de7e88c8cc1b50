import { graphqlPayload } from '../graphql/graphql-payload.js';
import type { GraphqlBody } from '../model.js';
import { resolveTemplate, type VariableLookup } from './template.js';

/** The JSON a GraphQL body sends, its query, variables and operation name resolved as a code export writes them. */
export function resolvedGraphqlPayload(body: GraphqlBody, lookup: VariableLookup): string {
  const resolve = (text: string) => resolveTemplate(text, lookup);
  const { operationName } = body;
  return graphqlPayload({
    query: resolve(body.query),
    variables: resolve(body.variables),
    ...(operationName === undefined ? {} : { operationName: resolve(operationName) }),
  });
}
