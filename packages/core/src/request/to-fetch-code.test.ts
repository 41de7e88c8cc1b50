import { describe, expect, it } from 'vitest';
import type { EndpointDraft } from '../model.js';
import { testDraft } from './endpoint-draft.test-support.js';
import { toFetchCode } from './to-fetch-code.js';

const lookup = (name: string) => ({ base_url: 'https://api.example.com', word: 'a b' })[name];

const request = (extra: Partial<EndpointDraft> = {}) => testDraft({ path: '/items', ...extra });

describe('toFetchCode', () => {
  it('writes the URL as the app sends it, each header appended as written, a UTF-8 Basic credential and the body as bytes', () => {
    const code = toFetchCode(
      request({
        method: 'POST',
        path: '/pay/{{word}}',
        queryParams: [
          { key: 'empty', value: '', equals: true },
          { key: 'q', value: '{{word}}' },
        ],
        headers: [
          { key: 'X-Tag', value: 'a' },
          { key: 'x-tag', value: 'b' },
        ],
        body: { mode: 'json', text: '{"amount": 1.50, "note": "zoë"}' },
        auth: { type: 'basic', username: 'zoë', password: 'pässwörd' },
      }),
      lookup,
    );
    expect(code).toBe(
      [
        'const body = new TextEncoder().encode("{\\"amount\\": 1.50, \\"note\\": \\"zoë\\"}");',
        '// fetch joins the values of a header named twice with ", " into one line, and adds Accept, Accept-Language,',
        '// Accept-Encoding and Sec-Fetch-Mode of its own.',
        'const headers = new Headers();',
        'headers.append("X-Tag", "a");',
        'headers.append("x-tag", "b");',
        'headers.append("Content-Type", "application/json");',
        `headers.append("Authorization", "Basic ${Buffer.from('zoë:pässwörd').toString('base64')}");`,
        'const response = await fetch("https://api.example.com/pay/a%20b?empty=&q=a%20b", {',
        '  method: "POST",',
        '  headers,',
        '  body,',
        '});',
        'console.log(response.status, response.statusText);',
        'console.log(await response.text());',
        '',
      ].join('\n'),
    );
  });

  it('gives a PATCH without a body an empty one, so that fetch says Content-Length: 0 as the app does', () => {
    const code = toFetchCode(request({ method: 'PATCH' }), lookup);
    expect(code).toContain('const body = new Uint8Array();');
    expect(code).toContain('  body,\n');
    expect(toFetchCode(request(), lookup)).not.toContain('body');
  });

  it('reads a file body with node:fs', () => {
    const code = toFetchCode(request({ method: 'PUT', body: { mode: 'file', path: '/tmp/a b.bin' } }), lookup);
    expect(code).toMatch(
      /^import \{ readFile \} from 'node:fs\/promises';\n\nconst body = await readFile\("\/tmp\/a b\.bin"\);/,
    );
  });

  it('leaves to another writer what fetch cannot send as the app does', () => {
    const multipart = { mode: 'multipart' as const, parts: [{ name: 'a', value: '1' }] };
    expect(toFetchCode(request({ method: 'POST', body: multipart }), lookup)).toBeNull();
    expect(toFetchCode(request({ body: { mode: 'text', text: 'x' } }), lookup)).toBeNull();
    expect(toFetchCode(request({ method: 'TRACE' }), lookup)).toBeNull();
    expect(toFetchCode(request({ headers: [{ key: 'Host', value: 'other.example' }] }), lookup)).toBeNull();
    expect(toFetchCode(request({ headers: [{ key: 'Sec-Fetch-Mode', value: 'navigate' }] }), lookup)).toBeNull();
  });
});
