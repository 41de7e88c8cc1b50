import type { EndpointDraft } from '../model.js';

/** A GET of `/users/{{id}}` with nothing else, and `extra` over it: the request the writers' tests start from. */
export function testDraft(extra: Partial<EndpointDraft> = {}): EndpointDraft {
  return {
    name: 'x',
    method: 'GET',
    path: '/users/{{id}}',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    ...extra,
  };
}
