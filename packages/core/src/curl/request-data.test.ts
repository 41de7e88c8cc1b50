import { describe, expect, it } from 'vitest';
import { parseCurl } from './parse-curl.js';
import { joinDataPieces, readDataPieces } from './request-data.js';
import { StdinInput } from './stdin-input.js';

const body = (command: string) => parseCurl(command).body;

describe('raw bodies', () => {
  it('keeps the exact text of a JSON body, whitespace and escapes included', () => {
    const text = '{\n  "a": "x\\ny",\t"b": [1, 2]\n}';
    expect(body(`curl -H 'Content-Type: application/json' --data-raw '${text}' https://x.example.com`)).toEqual({
      mode: 'raw',
      text,
    });
  });

  it('keeps form-looking text raw when the content type is not a form', () => {
    expect(body(`curl -H 'Content-Type: text/plain' -d 'a=1&b=2' https://x.example.com`)).toEqual({
      mode: 'raw',
      text: 'a=1&b=2',
    });
  });

  it('keeps the text inline, a leading @ included, for --data-raw', () => {
    expect(body(`curl --data-raw '@me' -H 'Content-Type: text/plain' https://x.example.com`)).toEqual({
      mode: 'raw',
      text: '@me',
    });
  });
});

describe('urlencoded bodies', () => {
  it('decodes plain form data sent with the implied form content type into pairs, in order, duplicates kept', () => {
    expect(body(`curl -d 'b=2&a=1&b=3' -d 'c=%26+x' https://x.example.com`)).toEqual({
      mode: 'urlencoded',
      fields: [
        { name: 'b', value: '2' },
        { name: 'a', value: '1' },
        { name: 'b', value: '3' },
        { name: 'c', value: '& x' },
      ],
    });
  });

  it.each([
    ['{"a":"b=c"}', 'JSON'],
    ['a=1&&b=2', 'an empty pair'],
    ['flag', 'a pair without ='],
    ['=x', 'an empty name'],
    ['a=100%', 'a malformed escape'],
    ['a=%FF', 'an escape that is not UTF-8'],
    ['my name=x', 'a space in a name'],
  ])('keeps %j raw (%s)', (text) => {
    expect(body(`curl -d '${text}' https://x.example.com`)).toEqual({ mode: 'raw', text });
  });

  it('reads --data-urlencode forms as curl encodes them', () => {
    const pieces = readDataPieces(
      [
        { kind: 'data-urlencode', value: 'plain text&more', at: 0 },
        { kind: 'data-urlencode', value: '=lead=ing', at: 1 },
        { kind: 'data-urlencode', value: 'name=ä ~*', at: 2 },
        { kind: 'data-urlencode', value: 'a@b=c', at: 3 },
      ],
      new StdinInput(null),
      [],
    );
    expect(joinDataPieces(pieces).text).toBe('plain+text%26more&lead%3Ding&name=%C3%A4+~%2A&a@b=c');
  });

  it('reads --data-urlencode name@- from standard input', () => {
    const pieces = readDataPieces(
      [{ kind: 'data-urlencode', value: 'q@-', at: 0 }],
      new StdinInput({ kind: 'text', text: 'a b\n' }),
      [],
    );
    expect(pieces).toEqual([{ kind: 'text', text: 'q=a+b%0A', option: 'data-urlencode' }]);
  });
});

describe('joining data', () => {
  it('joins with & but adds none before --json and none while the data is still empty', () => {
    const stdin = new StdinInput(null);
    const join = (...data: [string, string][]) =>
      joinDataPieces(
        readDataPieces(
          data.map(([kind, value], at) => ({ kind: kind as 'data', value, at })),
          stdin,
          [],
        ),
      ).text;
    expect(join(['data', 'a=1'], ['data-raw', 'b=2'], ['data-binary', 'c'])).toBe('a=1&b=2&c');
    expect(join(['json', '{"a":'], ['json', '1}'])).toBe('{"a":1}');
    expect(join(['data', ''], ['data', 'x=1'])).toBe('x=1');
  });
});

describe('file bodies', () => {
  it('sends --data-binary @file as the file, without a warning', () => {
    const parsed = parseCurl('curl --data-binary @/tmp/img.png -H "Content-Type: image/png" https://x.example.com');
    expect(parsed.body).toEqual({ mode: 'file', path: '/tmp/img.png' });
    expect(parsed.warnings).toEqual([]);
  });

  it('sends -d @file as the file and warns that curl strips its line breaks', () => {
    const parsed = parseCurl('curl -d @/srv/body.json https://x.example.com');
    expect(parsed.body).toEqual({ mode: 'file', path: '/srv/body.json' });
    expect(parsed.warnings).toEqual([expect.stringContaining('-d @/srv/body.json: curl removes the line breaks')]);
  });

  it('strips the line breaks from standard input read by -d, and keeps them for --data-binary', () => {
    const heredoc = "<<'EOF'\na=1\n&b=2\nEOF";
    expect(body(`curl -d @- https://x.example.com ${heredoc}`)).toEqual({
      mode: 'urlencoded',
      fields: [
        { name: 'a', value: '1' },
        { name: 'b', value: '2' },
      ],
    });
    expect(body(`curl --data-binary @- -H 'Content-Type: text/plain' https://x.example.com ${heredoc}`)).toEqual({
      mode: 'raw',
      text: 'a=1\n&b=2\n',
    });
  });

  it('uploads -T file with PUT', () => {
    const parsed = parseCurl('curl -T ./archive.tar.gz https://x.example.com/files/a.tgz');
    expect(parsed.method).toBe('PUT');
    expect(parsed.body).toEqual({ mode: 'file', path: './archive.tar.gz' });
    expect(parsed.url).toBe('https://x.example.com/files/a.tgz');
  });
});

describe('multipart bodies', () => {
  it('adds no Content-Type header: the boundary is made when the request is sent', () => {
    const parsed = parseCurl("curl -F 'a=1' -F 'f=@x.bin' https://x.example.com");
    expect(parsed.headers).toEqual([]);
    expect(parsed.method).toBe('POST');
    expect(parsed.body).toEqual({
      mode: 'multipart',
      parts: [
        { name: 'a', value: '1' },
        { name: 'f', file: 'x.bin' },
      ],
    });
  });
});

describe('-G', () => {
  it('moves the data into the query string, sends GET and adds no content type', () => {
    const parsed = parseCurl("curl -G -d 'a=1' --data-urlencode 'b=x y' https://x.example.com/s?z=0");
    expect(parsed).toMatchObject({
      method: 'GET',
      url: 'https://x.example.com/s?z=0&a=1&b=x+y',
      headers: [],
      body: null,
    });
  });

  it('drops --url-query when -G data fills the query, as curl does, and says so', () => {
    const parsed = parseCurl('curl -G -d a=1 --url-query b=2 https://x.example.com/s');
    expect(parsed.url).toBe('https://x.example.com/s?a=1');
    expect(parsed.warnings).toEqual([expect.stringContaining('--url-query was ignored')]);
  });

  it('keeps HEAD with -I', () => {
    expect(parseCurl('curl -G -I -d a=1 https://x.example.com').method).toBe('HEAD');
  });
});
