import { describe, expect, it } from 'vitest';
import type { EndpointAuth, EndpointBody, EndpointDraft } from '../model.js';
import { endpointFileText, readEndpointFile } from './endpoint-file.js';

const base: EndpointDraft = {
  name: 'R',
  method: 'GET',
  path: '/',
  queryParams: [],
  headers: [],
  body: { mode: 'none' },
  auth: { type: 'inherit' },
  state: 'Designing',
};

/** The lines of the file from `key:` up to the next top-level key. */
function block(text: string, key: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(`${key}:`);
  const end = lines.findIndex((line, index) => index > start && /^\S/.test(line));
  return lines.slice(start, end).join('\n');
}

describe('each auth kind in a request file', () => {
  it.each<[string, EndpointAuth, string]>([
    ['inherit', { type: 'inherit' }, 'auth:\n  type: inherit'],
    ['none', { type: 'none' }, 'auth:\n  type: none'],
    [
      'basic',
      { type: 'basic', username: 'ada', password: '{{pw}}' },
      'auth:\n  type: basic\n  username: ada\n  password: "{{pw}}"',
    ],
    [
      'digest',
      { type: 'digest', username: 'ada', password: 'x' },
      'auth:\n  type: digest\n  username: ada\n  password: x',
    ],
    ['bearer', { type: 'bearer', token: '{{token}}' }, 'auth:\n  type: bearer\n  token: "{{token}}"'],
    [
      'apiKey',
      { type: 'apiKey', key: 'X-Key', value: '{{key}}', in: 'query' },
      'auth:\n  type: apiKey\n  key: X-Key\n  value: "{{key}}"\n  in: query',
    ],
    [
      'oauth2 client credentials',
      { type: 'oauth2', tokenUrl: 'https://a/t', clientId: 'c', clientSecret: '{{s}}', scope: 'read' },
      'auth:\n  type: oauth2\n  tokenUrl: https://a/t\n  clientId: c\n  clientSecret: "{{s}}"\n  scope: read',
    ],
    [
      'oauth2 authorization code',
      {
        type: 'oauth2',
        grant: 'authorizationCode',
        authorizationUrl: 'https://a/auth',
        tokenUrl: 'https://a/t',
        clientId: 'c',
        clientSecret: '',
        scope: '',
      },
      'auth:\n  type: oauth2\n  grant: authorizationCode\n  authorizationUrl: https://a/auth\n  tokenUrl: https://a/t\n  clientId: c\n  clientSecret: ""\n  scope: ""',
    ],
    [
      'awsSigV4',
      {
        type: 'awsSigV4',
        accessKeyId: 'AK',
        secretAccessKey: '{{sk}}',
        sessionToken: '',
        region: 'eu-west-1',
        service: 'execute-api',
      },
      'auth:\n  type: awsSigV4\n  accessKeyId: AK\n  secretAccessKey: "{{sk}}"\n  sessionToken: ""\n  region: eu-west-1\n  service: execute-api',
    ],
  ])('writes and reads %s', (_, auth, expected) => {
    const text = endpointFileText({ ...base, auth });
    expect(block(text, 'auth')).toBe(expected);
    expect(readEndpointFile(text, 'R.yml').value?.endpoint.auth).toEqual(auth);
  });
});

describe('each body mode in a request file', () => {
  it.each<[string, EndpointBody, string]>([
    ['none', { mode: 'none' }, 'body:\n  mode: none'],
    ['text', { mode: 'text', text: 'line 1\nline 2' }, 'body:\n  mode: text\n  text: |-\n    line 1\n    line 2'],
    ['json on one line', { mode: 'json', text: '{"a":1}' }, `body:\n  mode: json\n  text: '{"a":1}'`],
    [
      'urlencoded',
      {
        mode: 'urlencoded',
        fields: [
          { key: 'a', value: '1' },
          { key: 'b', value: '', enabled: false },
        ],
      },
      'body:\n  mode: urlencoded\n  fields:\n    - key: a\n      value: "1"\n    - key: b\n      value: ""\n      enabled: false',
    ],
    ['file', { mode: 'file', path: 'fixtures/upload.bin' }, 'body:\n  mode: file\n  path: fixtures/upload.bin'],
    [
      'a CRLF text, kept exact on one line',
      { mode: 'text', text: 'a\r\nb' },
      'body:\n  mode: text\n  text: "a\\r\\nb"',
    ],
  ])('writes and reads %s', (_, body, expected) => {
    const text = endpointFileText({ ...base, body });
    expect(block(text, 'body')).toBe(expected);
    expect(readEndpointFile(text, 'R.yml').value?.endpoint.body).toEqual(body);
  });
});
