/**
 * A Postman v2.1 collection of `count` GETs of the bare JSON server, each with `tests` as its test script: what
 * `client run`, newman and bru are measured running.
 */
export function postmanCollection(origin: string, count: number, tests: string): Record<string, unknown> {
  return {
    info: { name: 'Bench', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    variable: [{ key: 'base_url', value: origin }],
    item: Array.from({ length: count }, (_, index) => ({
      name: `doc ${index}`,
      request: {
        method: 'GET',
        header: [{ key: 'Accept', value: 'application/json' }],
        url: `{{base_url}}/doc-${index}`,
      },
      ...(tests === ''
        ? {}
        : { event: [{ listen: 'test', script: { type: 'text/javascript', exec: tests.split('\n') } }] }),
    })),
  };
}
