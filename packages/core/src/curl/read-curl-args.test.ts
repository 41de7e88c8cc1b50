import { describe, expect, it } from 'vitest';
import { readCurlArgs } from './read-curl-args.js';

describe('reading curl options', () => {
  it('reads a value attached to a short option or following it', () => {
    const args = readCurlArgs(['-XPOST', '-HX: 1', '-d@file', '-H', 'Y: 2', 'url']);
    expect(args.method).toBe('POST');
    expect(args.headers.map((header) => header.value)).toEqual(['X: 1', 'Y: 2']);
    expect(args.data).toEqual([{ kind: 'data', value: '@file', at: 2 }]);
    expect(args.urls).toEqual(['url']);
  });

  it('reads clusters of on/off letters, a value letter taking the rest of the cluster', () => {
    const args = readCurlArgs(['-sSLIG', 'url', '-sXPUT']);
    expect(args.head).toBe(true);
    expect(args.get).toBe(true);
    expect(args.method).toBe('PUT');
    expect(args.warnings).toEqual([]);
  });

  it('reads --name=value, and --name value', () => {
    const args = readCurlArgs(['--request=PATCH', '--header', 'A: b', '--data-raw=x=y', 'url']);
    expect(args.method).toBe('PATCH');
    expect(args.headers.map((header) => header.value)).toEqual(['A: b']);
    expect(args.data).toEqual([{ kind: 'data-raw', value: 'x=y', at: 3 }]);
  });

  it('reads a value that looks like an option as the value', () => {
    expect(readCurlArgs(['-d', '--not-an-option', 'url']).data[0]?.value).toBe('--not-an-option');
  });

  it('does not let an unknown --option swallow the URL after it', () => {
    const args = readCurlArgs(['--made-up', 'https://x.example.com']);
    expect(args.urls).toEqual(['https://x.example.com']);
    expect(args.warnings).toEqual([expect.stringContaining('--made-up is not a curl option')]);
  });

  it('ignores an unknown letter with a warning and keeps reading the cluster', () => {
    const args = readCurlArgs(['-sWI', 'url']);
    expect(args.head).toBe(true);
    expect(args.warnings).toEqual(['-W is not a curl option; it was ignored.']);
  });

  it('switches on/off options with --no-, and refuses --no- on a value option', () => {
    expect(readCurlArgs(['-I', '--no-head', 'url']).head).toBe(false);
    const args = readCurlArgs(['--no-header', 'url']);
    expect(args.urls).toEqual(['url']);
    expect(args.warnings).toEqual(['--no-header was ignored: only on/off options take the no- prefix.']);
  });

  it('reads everything after -- as URLs', () => {
    expect(readCurlArgs(['--', '-weird', '--also']).urls).toEqual(['-weird', '--also']);
  });

  it('refuses an option at the end that needs a value, with an example', () => {
    expect(() => readCurlArgs(['url', '-u'])).toThrow(
      'option -u is missing its value: it needs credentials after it, e.g. -u alice:secret',
    );
    expect(() => readCurlArgs(['url', '--cacert'])).toThrow(
      'option --cacert is missing its value: it needs a value after it',
    );
  });

  it('keeps positional HTTP method words apart from URLs', () => {
    const args = readCurlArgs(['DELETE', 'https://x.example.com/1']);
    expect(args.methodWords).toEqual(['DELETE']);
    expect(args.urls).toEqual(['https://x.example.com/1']);
  });

  it('tells a cookie string (with =) from a cookie file', () => {
    const args = readCurlArgs(['-b', 'a=1', '-b', 'jar.txt', '--cookie=b=2', 'url']);
    expect(args.cookies.map((cookie) => cookie.value)).toEqual(['a=1', 'b=2']);
    expect(args.cookieFiles).toEqual(['jar.txt']);
  });

  it('collects auth schemes, switching them off with --no-', () => {
    const args = readCurlArgs(['--digest', '--ntlm', '--no-ntlm', '-u', 'a:b', 'url']);
    expect([...args.authSchemes]).toEqual(['digest']);
    expect(args.user).toBe('a:b');
  });

  it('never repeats the value of an ignored option in its warning', () => {
    const args = readCurlArgs(['-x', 'http://user:hunter2@proxy:3128', '--pass', 'hunter2', 'url']);
    expect(args.warnings.join(' ')).not.toContain('hunter2');
    expect(args.warnings).toHaveLength(2);
  });
});
