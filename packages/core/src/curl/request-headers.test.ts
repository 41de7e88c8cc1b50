import { describe, expect, it } from 'vitest';
import { parseCurl } from './parse-curl.js';
import { hasTypedHeader, sendableHeader } from './request-headers.js';

const headers = (command: string) => parseCurl(command).headers.map((h) => [h.name, h.value]);

describe('typed headers', () => {
  it.each([
    ['Accept: application/json', { name: 'Accept', value: 'application/json' }],
    ['X-A:   padded value  ', { name: 'X-A', value: 'padded value' }],
    ['X-Url: https://a.example.com:8080/x', { name: 'X-Url', value: 'https://a.example.com:8080/x' }],
    ['X-Empty;', { name: 'X-Empty', value: '' }],
    ['X-Removed:', null],
    ['X-Removed:   ', null],
    ['X-Semi; ', null],
    [': no name', null],
    ['no colon', null],
  ])('reads %j as curl sends it', (line, expected) => {
    expect(sendableHeader(line)).toEqual(expected);
  });

  it('knows a header is typed by Name: or Name;, in any case', () => {
    expect(hasTypedHeader(['content-type: x'], 'Content-Type')).toBe(true);
    expect(hasTypedHeader(['Content-Type;'], 'Content-Type')).toBe(true);
    expect(hasTypedHeader(['Content-Typed: x'], 'Content-Type')).toBe(false);
  });

  it('keeps duplicates and their order', () => {
    expect(headers("curl -H 'X: 1' -H 'X: 2' -H 'x: 3' https://a.example.com")).toEqual([
      ['X', '1'],
      ['X', '2'],
      ['x', '3'],
    ]);
  });

  it('reads headers from standard input for -H @-', () => {
    expect(headers("curl -H @- https://a.example.com <<'EOF'\nA: 1\n\nB: 2\nEOF")).toEqual([
      ['A', '1'],
      ['B', '2'],
    ]);
  });
});

describe('implied headers', () => {
  it('places each implied header where its option stands', () => {
    expect(
      headers("curl -A ua/1 -H 'X: 1' -e https://r.example.com/ -r 0-9 --json '{}' -b a=1 https://a.example.com"),
    ).toEqual([
      ['User-Agent', 'ua/1'],
      ['X', '1'],
      ['Referer', 'https://r.example.com/'],
      ['Range', 'bytes=0-9'],
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
      ['Cookie', 'a=1'],
    ]);
  });

  it('lets a typed header replace the implied one, whatever its case', () => {
    expect(
      headers("curl -A ua/1 -H 'user-agent: mine' -d a=1 -H 'content-type: text/csv' https://a.example.com"),
    ).toEqual([
      ['user-agent', 'mine'],
      ['content-type', 'text/csv'],
    ]);
  });

  it('lets "Name:" remove an implied header without sending anything', () => {
    expect(headers("curl -d a=1 -H 'Content-Type:' --json '{}' -H 'Accept:' https://a.example.com")).toEqual([]);
  });

  it('sends no User-Agent for -A with an empty value', () => {
    expect(headers("curl -A '' https://a.example.com")).toEqual([]);
  });
});

describe('cookies', () => {
  it('joins several cookie strings with "; " into one Cookie header', () => {
    expect(headers("curl -b 'a=1' --cookie 'b=2; c=3' -b d=4 https://a.example.com")).toEqual([
      ['Cookie', 'a=1; b=2; c=3; d=4'],
    ]);
  });

  it('sends no header for a cookie file and says so', () => {
    const parsed = parseCurl('curl -b jar.txt -c jar.txt https://a.example.com');
    expect(parsed.headers).toEqual([]);
    expect(parsed.warnings).toEqual([expect.stringContaining('-b jar.txt names a cookie file, which is not read')]);
  });

  it('drops -b cookies when a Cookie header is typed, as libcurl does', () => {
    const parsed = parseCurl("curl -H 'Cookie: x=9' -b a=1 https://a.example.com");
    expect(parsed.headers).toEqual([{ name: 'Cookie', value: 'x=9' }]);
    expect(parsed.warnings).toEqual(['-b was ignored: the typed Cookie header takes its place, as in curl.']);
  });
});
