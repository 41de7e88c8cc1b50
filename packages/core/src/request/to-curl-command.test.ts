import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../curl/parse-curl.js';
import { parseQuery } from '../url/split-url.js';
import { testDraft } from './endpoint-draft.test-support.js';
import { toCmdCurlCommand, toCurlArguments, toCurlCommand } from './to-curl-command.js';

const values = new Map([
  ['base_url', 'https://api.example.com'],
  ['id', '42'],
]);
/** `token` is defined but withheld, as the UI withholds a secret whose plaintext it does not have. */
const lookup = (name: string) => (name === 'token' ? undefined : values.get(name));

const request = testDraft;

describe('toCurlCommand', () => {
  it('leaves switched-off params, headers and form fields out of the command', () => {
    const command = toCurlCommand(
      request({
        method: 'POST',
        queryParams: [
          { key: 'page', value: '2' },
          { key: 'debug', value: '1', enabled: false },
        ],
        headers: [
          { key: 'Accept', value: 'application/json' },
          { key: 'X-Off', value: 'never', enabled: false },
        ],
        body: {
          mode: 'urlencoded',
          fields: [
            { key: 'name', value: 'Ann' },
            { key: 'hidden', value: 'never', enabled: false },
          ],
        },
      }),
      lookup,
    );
    expect(command).toContain('?page=2');
    expect(command).toContain('name=Ann');
    expect(command).not.toMatch(/debug|X-Off|hidden|never/);
  });

  it('writes a GET with variables resolved and no -X', () => {
    expect(toCurlCommand(request({ queryParams: [{ key: 'page', value: '2' }] }), lookup)).toBe(
      "curl 'https://api.example.com/users/42?page=2'",
    );
  });

  it('keeps the query as written: `name=` with its `=`, `name` without', () => {
    const queryParams = parseQuery('empty=&flag&page=2');
    expect(toCurlCommand(request({ queryParams }), lookup)).toBe(
      "curl 'https://api.example.com/users/42?empty=&flag&page=2'",
    );
  });

  it('writes a JSON POST with its Content-Type and no -X, one option per line', () => {
    const command = toCurlCommand(
      request({ method: 'POST', path: '/users', body: { mode: 'json', text: '{"name": "O\'Brien"}' } }),
      lookup,
    );
    expect(command).toBe(
      [
        'curl https://api.example.com/users',
        "-H 'Content-Type: application/json'",
        `--data-raw '{"name": "O'\\''Brien"}'`,
      ].join(' \\\n  '),
    );
  });

  it('keeps a Content-Type the request sets itself', () => {
    const command = toCurlCommand(
      request({
        method: 'PUT',
        headers: [{ key: 'content-type', value: 'application/merge-patch+json' }],
        body: { mode: 'json', text: '{}' },
      }),
      lookup,
    );
    expect(command).toContain("-H 'content-type: application/merge-patch+json'");
    expect(command).not.toContain('application/json');
    expect(command.startsWith('curl -X PUT ')).toBe(true);
  });

  it('adds -g when the URL holds [ ] { }, which curl would read as a glob pattern', () => {
    const command = toCurlCommand(
      request({ path: '/search', queryParams: [{ key: 'filter[a]', value: '{x}' }] }),
      lookup,
    );
    expect(command).toBe("curl -g 'https://api.example.com/search?filter[a]={x}'");
    expect(parseCurl(command).url).toBe('https://api.example.com/search?filter[a]={x}');
  });

  it('writes an endpoint with a URL of its own to that URL, not to base_url', () => {
    expect(toCurlCommand(request({ path: 'https://other.example.org/users/{{id}}' }), lookup)).toBe(
      'curl https://other.example.org/users/42',
    );
  });

  it('writes the same words for cmd.exe, one option per line ending in ^, and hands generators the words', () => {
    const draft = request({ method: 'POST', path: '/users', body: { mode: 'json', text: '{"name": "O\'Brien"}' } });
    expect(toCmdCurlCommand(draft, lookup)).toBe(
      [
        'curl https://api.example.com/users ^',
        '  -H ^"Content-Type: application/json^" ^',
        '  --data-raw ^"^{\\^"name\\^": \\^"O\'Brien\\^"^}^"',
      ].join('\n'),
    );
    expect(toCurlArguments(draft, lookup)).toEqual([
      'curl',
      'https://api.example.com/users',
      '-H',
      'Content-Type: application/json',
      '--data-raw',
      '{"name": "O\'Brien"}',
    ]);
  });

  it('uses --head for HEAD, which -X HEAD would leave waiting for a body', () => {
    expect(toCurlCommand(request({ method: 'HEAD' }), lookup)).toBe('curl --head https://api.example.com/users/42');
  });

  it('leaves a variable the lookup withholds as its placeholder instead of writing its value', () => {
    const command = toCurlCommand(request({ auth: { type: 'bearer', token: '{{token}}' } }), lookup);
    expect(command).toContain("-H 'Authorization: Bearer {{token}}'");
  });

  it('writes basic and digest auth with -u, and an API key in a header or in the query', () => {
    expect(toCurlCommand(request({ auth: { type: 'basic', username: 'ada', password: 'p w' } }), lookup)).toContain(
      "-u 'ada:p w'",
    );
    expect(toCurlCommand(request({ auth: { type: 'digest', username: 'ada', password: 'pw' } }), lookup)).toContain(
      '--digest -u ada:pw',
    );
    expect(
      toCurlCommand(request({ auth: { type: 'apiKey', key: 'X-Key', value: 'k1', in: 'header' } }), lookup),
    ).toContain("-H 'X-Key: k1'");
    expect(
      toCurlCommand(request({ auth: { type: 'apiKey', key: 'api_key', value: 'k1', in: 'query' } }), lookup),
    ).toContain('https://api.example.com/users/42?api_key=k1');
  });

  it('writes the headers the app sends: auth in place of the request’s own, rows without a name left out', () => {
    const command = toCurlCommand(
      request({
        headers: [
          { key: 'Authorization', value: 'Bearer old' },
          { key: '', value: 'half typed' },
        ],
        auth: { type: 'bearer', token: 'new' },
      }),
      lookup,
    );
    expect(command).toBe("curl https://api.example.com/users/42 \\\n  -H 'Authorization: Bearer new'");
  });

  it('writes the URL as the app sends it: a variable holding a space percent-encoded, a withheld one as typed', () => {
    const spaced = (name: string) => (name === 'dir' ? 'my files' : lookup(name));
    const command = toCurlCommand(
      request({ path: '/{{dir}}/é/{{token}}', queryParams: parseQuery('q={{dir}}') }),
      spaced,
    );
    expect(command).toBe("curl -g 'https://api.example.com/my%20files/%C3%A9/{{token}}?q=my%20files'");
  });

  it('form-encodes a field name as the app does, a space as +', () => {
    const fields = [{ key: 'a b', value: 'c d~*' }];
    const words = toCurlArguments(request({ method: 'POST', body: { mode: 'urlencoded', fields } }), lookup);
    expect(words.slice(-2)).toEqual(['--data-raw', `${new URLSearchParams([['a b', 'c d~*']])}`]);
    expect(words.at(-1)).toBe('a+b=c+d%7E*');
  });

  it('writes form, multipart and file bodies so curl reads them back the same', () => {
    const form = toCurlCommand(
      request({ method: 'POST', body: { mode: 'urlencoded', fields: [{ key: 'q', value: 'a b&c' }] } }),
      lookup,
    );
    expect(parseCurl(form).body).toEqual({ mode: 'urlencoded', fields: [{ name: 'q', value: 'a b&c' }] });

    const multipart = toCurlCommand(
      request({
        method: 'POST',
        body: {
          mode: 'multipart',
          parts: [
            { name: 'note', value: '@not-a-file' },
            { name: 'avatar', file: '/tmp/a b.png', contentType: 'image/png' },
          ],
        },
      }),
      lookup,
    );
    expect(parseCurl(multipart).body).toEqual({
      mode: 'multipart',
      parts: [
        { name: 'note', value: '@not-a-file' },
        { name: 'avatar', file: '/tmp/a b.png', contentType: 'image/png' },
      ],
    });

    const file = toCurlCommand(request({ method: 'PUT', body: { mode: 'file', path: '/data/blob.bin' } }), lookup);
    expect(parseCurl(file)).toMatchObject({ method: 'PUT', body: { mode: 'file', path: '/data/blob.bin' } });
  });

  it('writes commands that parse back to the same request, whatever the header values and body text', () => {
    const text = fc
      .string({ unit: 'grapheme', maxLength: 40 })
      .filter((value) => !value.includes('{{') && !value.includes('\0'));
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/), text), { maxLength: 3 }),
        fc.option(text, { nil: undefined }),
        (method, headers, bodyText) => {
          const draft = request({
            method,
            path: '/items',
            headers: headers.map(([key, value]) => ({ key: `X-${key}`, value: value.trim() })),
            body: bodyText === undefined ? { mode: 'none' } : { mode: 'text', text: bodyText },
          });
          // The bash command and the Windows cmd one say the same to curl.
          for (const command of [toCurlCommand(draft, lookup), toCmdCurlCommand(draft, lookup)]) {
            const parsed = parseCurl(command);
            expect(parsed.method).toBe(method);
            expect(parsed.url).toBe('https://api.example.com/items');
            expect(parsed.headers.filter((h) => h.name.startsWith('X-'))).toEqual(
              draft.headers.map(({ key, value }) => ({ name: key, value })),
            );
            expect(parsed.body).toEqual(bodyText === undefined ? null : { mode: 'raw', text: bodyText });
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
