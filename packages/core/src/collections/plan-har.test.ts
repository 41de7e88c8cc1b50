import { describe, expect, it } from 'vitest';
import { planCollection } from './plan-collection.js';

describe('planHar', () => {
  it('makes one endpoint per distinct request, in a folder per host, without transport headers', () => {
    const entry = (method: string, url: string, extra: Record<string, unknown> = {}) => ({
      request: {
        method,
        url,
        headers: [
          { name: 'Host', value: 'x' },
          { name: ':authority', value: 'x' },
        ],
        ...extra,
      },
    });
    const plan = planCollection({
      log: {
        creator: { name: 'Chrome' },
        entries: [
          entry('GET', 'https://api.example.com/items?page=1'),
          entry('GET', 'https://api.example.com/items?page=1'),
          entry('POST', 'https://api.example.com/items', {
            postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'a', value: '1' }] },
          }),
          entry('GET', 'https://cdn.example.com/app.js', { headers: [{ name: 'Accept', value: '*/*' }] }),
          entry('GET', 'data:text/plain,hi'),
        ],
      },
    });
    expect(plan).toMatchObject({
      format: 'har',
      name: 'HAR import (Chrome)',
      baseUrl: 'https://api.example.com',
      folders: [['api.example.com'], ['cdn.example.com']],
      warnings: ['1 repeated request(s) (same method and URL) were merged'],
      skipped: [{ item: 'entry 5 (data:text/plain,hi)', reason: 'only http and https requests can be imported' }],
    });
    expect(plan.endpoints.map(({ draft }) => [draft.method, draft.path, draft.headers, draft.body.mode])).toEqual([
      ['GET', '/items', [], 'none'],
      ['POST', '/items', [], 'urlencoded'],
      ['GET', 'https://cdn.example.com/app.js', [{ key: 'Accept', value: '*/*' }], 'none'],
    ]);
  });
});
