import { describe, expect, it } from 'vitest';
import { encodeLikeCurl, escapeLikeCurl, parseFormBody, percentDecode, serializeUrlencoded } from './url-encoding.js';

describe('url encoding', () => {
  it('encodes like curl_easy_escape, with + for spaces in --data-urlencode', () => {
    expect(encodeLikeCurl("a b~c*d!'()é/")).toBe('a+b~c%2Ad%21%27%28%29%C3%A9%2F');
    expect(escapeLikeCurl('my file.txt')).toBe('my%20file.txt');
  });

  it('serialises a urlencoded body as URLSearchParams does', () => {
    const fields = [
      { name: 'q', value: 'a b*~é&=' },
      { name: 'x[]', value: '' },
    ];
    expect(serializeUrlencoded(fields)).toBe(
      new URLSearchParams(fields.map((f): [string, string] => [f.name, f.value])).toString(),
    );
  });

  it('parses plain form data and reads it back to the same pairs', () => {
    const fields = parseFormBody('a=1&b=x+y%21&c=');
    expect(fields).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: 'x y!' },
      { name: 'c', value: '' },
    ]);
    expect(parseFormBody(serializeUrlencoded(fields ?? []))).toEqual(fields);
  });

  it('decodes userinfo leniently, keeping a % that starts no escape', () => {
    expect(percentDecode('p%40ss%3Aw%zz%')).toBe('p@ss:w%zz%');
    expect(percentDecode('a+b')).toBe('a+b');
  });

  it('never throws on lone surrogates', () => {
    expect(encodeLikeCurl('\ud800')).toBe('%EF%BF%BD');
    expect(parseFormBody('a=\udc00')).toEqual([{ name: 'a', value: '\ufffd' }]);
  });
});
