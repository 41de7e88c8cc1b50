import { parseQuery } from '@client/core';
import { describe, expect, it } from 'vitest';
import { newEndpointDraft } from '../draft.js';
import { exportEndpoint } from './code-export.js';

const lookup = (name: string) => (name === 'base_url' ? 'https://api.example.com' : undefined);

describe('exportEndpoint', () => {
  it('writes the query as written into the Node export: `name=` with its `=`, `name` without', async () => {
    const draft = { ...newEndpointDraft(null), path: '/items', queryParams: parseQuery('empty=&flag&page=2') };
    const code = await exportEndpoint('node', draft, lookup);
    expect(code).toContain('"https://api.example.com/items?empty=&flag&page=2"');
  });

  it('writes a Node export that keeps a repeated header, the UTF-8 Basic credential and the JSON text as written', async () => {
    const draft = {
      ...newEndpointDraft(null),
      method: 'POST',
      path: '/pay',
      headers: [
        { key: 'X-Tag', value: 'a' },
        { key: 'X-Tag', value: 'b' },
      ],
      auth: { type: 'basic' as const, username: 'zoë', password: 'pässwörd' },
      body: { mode: 'json' as const, text: '{"amount": 1.50}' },
    };
    const code = await exportEndpoint('node', draft, lookup);
    expect(code).toContain('"X-Tag", "a",\n  "X-Tag", "b",');
    expect(code).toContain(`"Basic ${Buffer.from('zoë:pässwörd', 'utf8').toString('base64')}"`);
    expect(code).toContain(JSON.stringify('{"amount": 1.50}'));
  });

  it('writes a Python export on http.client that keeps a repeated header and the body text as written', async () => {
    const draft = {
      ...newEndpointDraft(null),
      method: 'PUT',
      path: '/pay',
      headers: [
        { key: 'X-Tag', value: 'a' },
        { key: 'X-Tag', value: 'b' },
      ],
      body: { mode: 'json' as const, text: '{"amount": 1.50}' },
    };
    const code = await exportEndpoint('python', draft, lookup);
    expect(code).toContain('connection.putrequest("PUT", "/pay", skip_accept_encoding=True)');
    expect(code).toContain('    ("X-Tag", "a"),\n    ("X-Tag", "b"),');
    expect(code).toContain(`body = ${JSON.stringify('{"amount": 1.50}')}.encode("utf-8")`);
  });

  it('writes fetch and Java exports that keep the JSON text as written, and leaves a multipart body to curlconverter', async () => {
    const draft = {
      ...newEndpointDraft(null),
      method: 'POST',
      path: '/pay',
      body: { mode: 'json' as const, text: '{"amount": 1.50}' },
    };
    expect(await exportEndpoint('fetch', draft, lookup)).toContain(
      `new TextEncoder().encode(${JSON.stringify('{"amount": 1.50}')})`,
    );
    expect(await exportEndpoint('java', draft, lookup)).toContain('.version(HttpClient.Version.HTTP_1_1)');

    const multipart = { ...draft, body: { mode: 'multipart' as const, parts: [{ name: 'note', value: 'hi' }] } };
    expect(await exportEndpoint('fetch', multipart, lookup)).toContain('new FormData()');
    expect(await exportEndpoint('java', multipart, lookup)).toContain('HttpClient.newHttpClient()');
  });
});
