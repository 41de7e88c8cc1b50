import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headersWithCookies, urlWithQueryString } from './har-request-extras.js';
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

  it('keeps the queryString and cookies rows a request lists beside its URL and headers, each once', () => {
    const plan = planCollection({
      log: {
        version: '1.2',
        creator: { name: 'Firefox', version: '128.0' },
        entries: [
          {
            request: {
              method: 'GET',
              url: 'https://shop.example.com/search?q=red%20shoes&page=2',
              httpVersion: 'HTTP/1.1',
              headers: [{ name: 'Cookie', value: 'session=abc' }],
              queryString: [
                { name: 'q', value: 'red shoes' },
                { name: 'page', value: '2' },
                { name: 'page', value: '3' },
                { name: 'sort', value: 'price asc' },
              ],
              cookies: [
                { name: 'session', value: 'abc' },
                { name: 'theme', value: 'dark' },
              ],
              headersSize: -1,
              bodySize: 0,
            },
          },
          {
            request: {
              method: 'GET',
              url: 'https://shop.example.com/cart',
              httpVersion: 'HTTP/1.1',
              headers: [],
              queryString: [{ name: 'currency', value: 'EUR' }],
              cookies: [
                { name: 'session', value: 'abc', path: '/', httpOnly: true },
                { name: 'cart', value: '7' },
              ],
              headersSize: -1,
              bodySize: 0,
            },
          },
        ],
      },
    });
    expect(plan.skipped).toEqual([]);
    expect(plan.endpoints.map(({ draft }) => [draft.path, draft.queryParams, draft.headers])).toEqual([
      [
        '/search',
        [
          { key: 'q', value: 'red%20shoes' },
          { key: 'page', value: '2' },
          { key: 'page', value: '3' },
          { key: 'sort', value: 'price%20asc' },
        ],
        [{ key: 'Cookie', value: 'session=abc; theme=dark' }],
      ],
      ['/cart', [{ key: 'currency', value: 'EUR' }], [{ key: 'Cookie', value: 'session=abc; cart=7' }]],
    ]);
  });
});

describe('HAR query rows and cookies', () => {
  const text = fc.oneof(fc.string(), fc.constantFrom('a b', '+', '%', '%2B', 'a%20b', '&', '=', ';', ''));
  const rows = fc.array(fc.record({ name: text, value: text }), { maxLength: 5 });

  it('adds nothing a second time: what one pass added, a second pass finds already there', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), rows, (url, queryString) => {
        const once = urlWithQueryString(url, queryString);
        expect(urlWithQueryString(once, queryString)).toBe(once);
      }),
      { examples: [['http://a.aa??', [{ name: ' ', value: '' }]]], numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.constantFrom('Cookie', 'Accept'), value: text })),
        rows,
        (headers, cookies) => {
          const once = headersWithCookies(headers, cookies);
          expect(headersWithCookies(once, cookies)).toEqual(once);
        },
      ),
    );
  });
});
