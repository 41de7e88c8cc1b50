import type { AgentSendOverrides, EndpointBody, EndpointDraft, KeyValue } from '@client/core';

/** `pairs` with every entry named like an override replaced by the override, appended in the agent's order. */
function withOverrides(
  pairs: readonly KeyValue[],
  overrides: readonly KeyValue[],
  sameName: (a: string, b: string) => boolean,
) {
  const kept = pairs.filter((pair) => !overrides.some((override) => sameName(override.key, pair.key)));
  return [...kept, ...overrides];
}

function overriddenBody(body: EndpointBody, text: string | null): EndpointBody {
  if (text === null) return body;
  return body.mode === 'json' ? { mode: 'json', text } : { mode: 'text', text };
}

/** The saved endpoint as the person's Send would send it, with an agent's changes for this one send. */
export function agentSendDraft(endpoint: EndpointDraft, overrides: AgentSendOverrides): EndpointDraft {
  return {
    ...endpoint,
    queryParams: withOverrides(endpoint.queryParams, overrides.query, (a, b) => a === b),
    headers: withOverrides(endpoint.headers, overrides.headers, (a, b) => a.toLowerCase() === b.toLowerCase()),
    body: overriddenBody(endpoint.body, overrides.body),
  };
}

/** What the agent changed, as the prompt names it: `query page`, `header X-Debug`, `body`. */
export function overriddenNames(overrides: AgentSendOverrides): string[] {
  return [
    ...overrides.query.map((pair) => `query ${pair.key}`),
    ...overrides.headers.map((pair) => `header ${pair.key}`),
    ...(overrides.body === null ? [] : ['body']),
  ];
}
