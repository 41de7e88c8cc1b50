import type { EndpointExample } from '@client/core';
import { describe, expect, it } from 'vitest';
import {
  exampleBodyOf,
  exampleOfResponse,
  exampleProblem,
  newExample,
  suggestedExampleName,
  whyNotSavable,
  withExampleBody,
} from './examples.js';

const json: EndpointExample = {
  name: '200 OK',
  status: 200,
  headers: [{ key: 'content-type', value: 'application/problem+json; charset=utf-8' }],
  body: '{"a":1}',
};

describe('an example body in the body editor', () => {
  it('reads JSON from a JSON or +json type, text from another type, and none from no type and no body', () => {
    expect(exampleBodyOf(json)).toEqual({ mode: 'json', text: '{"a":1}' });
    expect(exampleBodyOf({ ...json, headers: [{ key: 'Content-Type', value: 'text/csv' }] })).toEqual({
      mode: 'text',
      text: '{"a":1}',
    });
    expect(exampleBodyOf({ ...json, headers: [], body: '' })).toEqual({ mode: 'none' });
    expect(exampleBodyOf({ ...json, headers: [], body: 'hi' })).toEqual({ mode: 'text', text: 'hi' });
  });

  it('keeps the mode in the Content-Type: JSON sets it, text changes a JSON one, none removes it and the body', () => {
    const plain: EndpointExample = { ...json, headers: [{ key: 'X-Trace', value: '1' }], body: '' };
    const asJson = withExampleBody(plain, { mode: 'json', text: '[]' });
    expect(asJson.headers).toEqual([
      { key: 'X-Trace', value: '1' },
      { key: 'Content-Type', value: 'application/json' },
    ]);
    expect(exampleBodyOf(asJson)).toEqual({ mode: 'json', text: '[]' });
    const asText = withExampleBody(asJson, { mode: 'text', text: '[]' });
    expect(asText.headers[1]).toEqual({ key: 'Content-Type', value: 'text/plain' });
    const xml = { ...asText, headers: [{ key: 'Content-Type', value: 'application/xml' }] };
    expect(withExampleBody(xml, { mode: 'text', text: '<a/>' }).headers).toEqual(xml.headers);
    expect(withExampleBody(asText, { mode: 'none' })).toEqual({ ...plain, headers: [{ key: 'X-Trace', value: '1' }] });
    // The JSON example keeps its own +json type.
    expect(withExampleBody(json, { mode: 'json', text: '{}' }).headers).toEqual(json.headers);
  });
});

describe('a response saved as an example', () => {
  const response = {
    status: 404,
    statusText: '',
    headers: [
      { key: 'Content-Type', value: 'application/json' },
      { key: 'Content-Length', value: '12' },
      { key: 'Content-Encoding', value: 'gzip' },
      { key: 'Date', value: 'Sun, 29 Nov 2026 09:00:00 GMT' },
      { key: 'X-Request-Id', value: 'r1' },
    ],
    body: '{"error":"x"}',
    truncated: false,
  };

  it('keeps status, body and the headers a mock does not write itself', () => {
    expect(exampleOfResponse(' Missing ', response)).toEqual({
      name: 'Missing',
      status: 404,
      headers: [
        { key: 'Content-Type', value: 'application/json' },
        { key: 'X-Request-Id', value: 'r1' },
      ],
      body: '{"error":"x"}',
    });
  });

  it('offers the status line as the name, numbered when the endpoint has it already', () => {
    expect(suggestedExampleName(response, [])).toBe('404 Not Found');
    expect(suggestedExampleName({ ...response, status: 200, statusText: 'Fine' }, ['200 Fine'])).toBe('200 Fine 2');
    expect(suggestedExampleName({ ...response, status: 299 }, [])).toBe('299');
  });

  it('says why a response cannot be kept: no endpoint, a binary body, a cut body', () => {
    expect(whyNotSavable(response, 'e1')).toBeNull();
    expect(whyNotSavable(response, null)).toMatch(/no saved endpoint/);
    expect(whyNotSavable({ ...response, body: null }, 'e1')).toMatch(/not text/);
    expect(whyNotSavable({ ...response, body: null, binary: false }, 'e1')).toMatch(/too large/);
    expect(whyNotSavable({ ...response, truncated: true }, 'e1')).toMatch(/first part/);
  });
});

describe('newExample and exampleProblem', () => {
  it('names a new example so it does not clash, and names what saving would refuse', () => {
    const first = newExample([]);
    expect(first).toMatchObject({ name: '200 OK', status: 200 });
    const second = newExample([first]);
    expect(second.name).toBe('200 OK 2');
    expect(exampleProblem(first, [first, second])).toBeNull();
    const clash = { ...second, name: '200 OK' };
    expect(exampleProblem(clash, [first, clash])).toMatch(/names must differ/);
    expect(exampleProblem({ ...first, status: 0 }, [])).toMatch(/100 to 599/);
    expect(exampleProblem({ ...first, name: ' ' }, [])).toMatch(/Name the example/);
    expect(exampleProblem({ ...first, delay: { minMs: 500, maxMs: 100 } }, [])).toMatch(/longest delay/);
  });
});
