import { describe, expect, it } from 'vitest';
import { parseCurl } from './parse-curl.js';
import { appendQuery, appendUploadName, isLoopbackHost, resolveRequestUrl } from './request-url.js';

describe('the request URL', () => {
  it.each([
    ['localhost:3000/a', 'http://localhost:3000/a'],
    ['127.0.0.1/a', 'http://127.0.0.1/a'],
    ['127.255.0.9:80', 'http://127.255.0.9:80'],
    ['[::1]:8080', 'http://[::1]:8080'],
    ['0.0.0.0:9000/x', 'http://0.0.0.0:9000/x'],
    ['LOCALHOST', 'http://LOCALHOST'],
    ['api.example.com/a', 'http://api.example.com/a'],
    ['example.com:80', 'http://example.com:80'],
    ['127.0.0.1.example.com', 'http://127.0.0.1.example.com'],
    ['//cdn.example.com/x', 'http://cdn.example.com/x'],
    ['{{base_url}}/users/{{id}}', '{{base_url}}/users/{{id}}'],
    ['https://api.example.com/{{v}}/a b?x={{y}}', 'https://api.example.com/{{v}}/a b?x={{y}}'],
    ['ftp://files.example.com/a', 'ftp://files.example.com/a'],
    ['  https://a.example.com/ ', 'https://a.example.com/'],
  ])('makes %j absolute as %j, keeping the rest as typed', (typed, url) => {
    expect(resolveRequestUrl(typed).url).toBe(url);
  });

  it('says when a host other than this machine had no scheme, as curl sends it over http://', () => {
    expect(resolveRequestUrl('httpbin.org/test').warning).toBe(
      'httpbin.org was given without a scheme; curl sends it over http://, and so was it imported (write https:// if the server expects it).',
    );
    expect(resolveRequestUrl('localhost:3000/a').warning).toBeUndefined();
    expect(resolveRequestUrl('https://httpbin.org/test').warning).toBeUndefined();
  });

  it('takes userinfo out only from the authority', () => {
    expect(resolveRequestUrl('https://u:p@h.example.com/a@b')).toEqual({
      url: 'https://h.example.com/a@b',
      credentials: { username: 'u', password: 'p' },
    });
    expect(resolveRequestUrl('u@localhost:1/x')).toEqual({
      url: 'http://localhost:1/x',
      credentials: { username: 'u', password: '' },
    });
  });

  it('refuses an empty URL', () => {
    expect(() => parseCurl("curl ''")).toThrow('the URL is empty');
  });

  it('tells loopback hosts apart', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '0.0.0.0'].every(isLoopbackHost)).toBe(true);
    expect(['127.0.0', '127.0.0.256', '128.0.0.1', 'localhost.example.com', '::1'].some(isLoopbackHost)).toBe(false);
  });

  it('appends query parts with ? or &, before a fragment', () => {
    expect(appendQuery('https://a.example.com/x', 'a=1')).toBe('https://a.example.com/x?a=1');
    expect(appendQuery('https://a.example.com/x?b=2', 'a=1')).toBe('https://a.example.com/x?b=2&a=1');
    expect(appendQuery('https://a.example.com/x?', 'a=1')).toBe('https://a.example.com/x?a=1');
    expect(appendQuery('https://a.example.com/x#top', 'a=1')).toBe('https://a.example.com/x?a=1#top');
  });

  it('appends the uploaded file name to a URL that ends in / or has no path', () => {
    expect(appendUploadName('https://a.example.com/dir/', 'dir/my file.txt')).toBe(
      'https://a.example.com/dir/my%20file.txt',
    );
    expect(appendUploadName('https://a.example.com', 'C:\\docs\\a.pdf')).toBe('https://a.example.com/a.pdf');
    expect(appendUploadName('https://a.example.com/exact', 'a.pdf')).toBe('https://a.example.com/exact');
    expect(appendUploadName('https://a.example.com/', '-')).toBe('https://a.example.com/');
  });

  it('takes the first of several URLs, counting the others in a warning', () => {
    const parsed = parseCurl('curl https://a.example.com/1 --url https://a.example.com/2 https://a.example.com/3');
    expect(parsed.url).toBe('https://a.example.com/1');
    expect(parsed.warnings).toEqual([expect.stringContaining('2 more URLs after the first were ignored')]);
  });

  it('encodes --url-query parts, except those with a + prefix', () => {
    expect(
      parseCurl("curl --url-query 'a=b c' --url-query '+d=e f' --url-query '=x&y' https://a.example.com/").url,
    ).toBe('https://a.example.com/?a=b+c&d=e f&x%26y');
  });
});
