import { describe, expect, it } from 'vitest';
import { formatJsonBody, switchBodyMode } from './body-mode.js';

describe('switchBodyMode', () => {
  it('keeps the text between JSON and text, and starts empty from a form', () => {
    expect(switchBodyMode({ mode: 'json', text: '{"a":1}' }, 'text')).toEqual({ mode: 'text', text: '{"a":1}' });
    expect(switchBodyMode({ mode: 'text', text: 'hi' }, 'json')).toEqual({ mode: 'json', text: 'hi' });
    expect(switchBodyMode({ mode: 'urlencoded', fields: [{ key: 'a', value: '1' }] }, 'json')).toEqual({
      mode: 'json',
      text: '',
    });
  });

  it('carries text into a GraphQL query and the query back out', () => {
    expect(switchBodyMode({ mode: 'text', text: '{ users { id } }' }, 'graphql')).toEqual({
      mode: 'graphql',
      query: '{ users { id } }',
      variables: '',
    });
    const graphql = { mode: 'graphql' as const, query: '{ users { id } }', variables: '{}' };
    expect(switchBodyMode(graphql, 'text')).toEqual({ mode: 'text', text: '{ users { id } }' });
  });

  it('carries fields between the two form modes, leaving file parts behind', () => {
    const urlencoded = { mode: 'urlencoded' as const, fields: [{ key: 'q', value: 'x y' }] };
    expect(switchBodyMode(urlencoded, 'multipart')).toEqual({
      mode: 'multipart',
      parts: [{ name: 'q', value: 'x y' }],
    });
    expect(
      switchBodyMode(
        {
          mode: 'multipart',
          parts: [
            { name: 'note', value: 'hi' },
            { name: 'upload', file: '/tmp/a.png' },
          ],
        },
        'urlencoded',
      ),
    ).toEqual({ mode: 'urlencoded', fields: [{ key: 'note', value: 'hi' }] });
  });

  it('carries a field that is switched off between the two form modes switched off', () => {
    const urlencoded = { mode: 'urlencoded' as const, fields: [{ key: 'q', value: 'x', enabled: false }] };
    const multipart = switchBodyMode(urlencoded, 'multipart');
    expect(multipart).toEqual({ mode: 'multipart', parts: [{ name: 'q', value: 'x', enabled: false }] });
    expect(switchBodyMode(multipart, 'urlencoded')).toEqual(urlencoded);
  });

  it('goes to none and to file with nothing carried over, and leaves a body of the same mode unchanged', () => {
    const json = { mode: 'json' as const, text: '{}' };
    expect(switchBodyMode(json, 'none')).toEqual({ mode: 'none' });
    expect(switchBodyMode(json, 'file')).toEqual({ mode: 'file', path: '' });
    expect(switchBodyMode(json, 'json')).toBe(json);
  });
});

describe('formatJsonBody', () => {
  it('indents JSON with two spaces and leaves text that does not parse unchanged', () => {
    expect(formatJsonBody('{"a":[1,{"b":null}]}')).toBe('{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}');
    expect(formatJsonBody('{"a": {{x}},}')).toBe('{"a": {{x}},}');
    expect(formatJsonBody('not json')).toBe('not json');
  });

  it('keeps {{variables}} as typed, as values and inside strings', () => {
    expect(formatJsonBody('{"id":{{ user_id }},"tags":[{{a}},"{{b}}"],"n":"x{{c}}y"}')).toBe(
      '{\n  "id": {{ user_id }},\n  "tags": [\n    {{a}},\n    "{{b}}"\n  ],\n  "n": "x{{c}}y"\n}',
    );
    expect(formatJsonBody('{{whole}}')).toBe('{{whole}}');
  });
});
