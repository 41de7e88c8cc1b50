import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import {
  defaultAllowedHosts,
  destinationHost,
  isHostAllowed,
  normalizeAllowedHost,
  normalizeAllowedHosts,
} from './allowed-hosts.js';

const allowed = (url: string, entries: string[]) => isHostAllowed(new URL(url), normalizeAllowedHosts(entries));

describe('normalizeAllowedHost', () => {
  it('keeps hosts in the form a URL reads them: lower case, punycode, compressed IPv6, no trailing dot', () => {
    expect(normalizeAllowedHost(' API.Example.COM. ')).toBe('api.example.com');
    expect(normalizeAllowedHost('bücher.test:8443')).toBe('xn--bcher-kva.test:8443');
    expect(normalizeAllowedHost('[0:0:0:0:0:0:0:1]:4000')).toBe('[::1]:4000');
    expect(normalizeAllowedHost('*.Example.com')).toBe('*.example.com');
    expect(normalizeAllowedHost('localhost:080')).toBe('localhost:80');
  });

  it.each([
    ['', 'empty'],
    ['https://a.test/path', 'a URL'],
    ['a.test/x', 'a path'],
    ['user@a.test', 'userinfo'],
    ['a.test:0', 'port 0'],
    ['a.test:70000', 'a port past 65535'],
    ['a.test:http', 'a named port'],
    ['::1', 'IPv6 without brackets'],
    ['*.com', 'a wildcard over a top-level domain'],
    ['*.127.0.0.1', 'a wildcard over an IP'],
    ['a b.test', 'a space'],
  ])('refuses %j (%s) with VALIDATION', (entry) => {
    expect(() => normalizeAllowedHost(entry)).toThrow(AppError);
    try {
      normalizeAllowedHost(entry);
    } catch (error) {
      expect((error as AppError).code).toBe('VALIDATION');
    }
  });

  it('drops blank entries and repeats', () => {
    expect(normalizeAllowedHosts(['a.test', ' ', 'A.test', 'b.test:81'])).toEqual(['a.test', 'b.test:81']);
  });
});

describe('isHostAllowed', () => {
  it('matches the host a request goes to, not a userinfo, path, query or fragment that names an allowed one', () => {
    const list = ['allowed.test'];
    expect(allowed('https://allowed.test/x', list)).toBe(true);
    expect(allowed('https://allowed.test@evil.test/', list)).toBe(false);
    expect(allowed('https://evil.test/allowed.test', list)).toBe(false);
    expect(allowed('https://evil.test/?h=allowed.test', list)).toBe(false);
    expect(allowed('https://evil.test#@allowed.test', list)).toBe(false);
    expect(allowed('https://allowed.test.evil.test/', list)).toBe(false);
    expect(allowed('https://evil.test\\@allowed.test/', list)).toBe(false);
  });

  it('reads upper case, IDN and a trailing dot as the URL does', () => {
    expect(allowed('https://ALLOWED.Test./', ['allowed.test'])).toBe(true);
    expect(allowed('https://BÜCHER.test/', ['bücher.test'])).toBe(true);
    expect(allowed('https://xn--bcher-kva.test/', ['bücher.test'])).toBe(true);
  });

  it('holds an entry with a port to that port, the scheme default counting as written', () => {
    expect(allowed('http://a.test:8080/', ['a.test:8080'])).toBe(true);
    expect(allowed('http://a.test:8081/', ['a.test:8080'])).toBe(false);
    expect(allowed('https://a.test/', ['a.test:443'])).toBe(true);
    expect(allowed('http://a.test/', ['a.test:443'])).toBe(false);
    expect(allowed('http://a.test:9999/', ['a.test'])).toBe(true);
  });

  it('matches IPv6 and IPv4 literals in any spelling', () => {
    expect(allowed('http://[0::1]:4000/', ['[::1]:4000'])).toBe(true);
    expect(allowed('http://[::2]:4000/', ['[::1]:4000'])).toBe(false);
    expect(allowed('http://0x7f.0.0.1/', ['127.0.0.1'])).toBe(true);
    expect(allowed('http://127.0.0.2/', ['127.0.0.1'])).toBe(false);
  });

  it('lets *. allow every subdomain but not the domain itself', () => {
    expect(allowed('https://a.example.com/', ['*.example.com'])).toBe(true);
    expect(allowed('https://a.b.example.com/', ['*.example.com'])).toBe(true);
    expect(allowed('https://example.com/', ['*.example.com'])).toBe(false);
    expect(allowed('https://badexample.com/', ['*.example.com'])).toBe(false);
  });

  it('allows nothing with an empty list', () => {
    expect(allowed('https://a.test/', [])).toBe(false);
  });

  const label = fc.stringMatching(/^[a-z0-9]{1,6}$/);
  const host = fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => [...labels, 'test'].join('.'));
  const port = fc.integer({ min: 1, max: 65535 });
  const respell = fc.constantFrom(
    (h: string) => h,
    (h: string) => h.toUpperCase(),
    (h: string) => `${h}.`,
  );

  it('never allows a destination outside the list, however the URL dresses it up (property)', () => {
    fc.assert(
      fc.property(host, host, port, respell, fc.boolean(), (good, evil, evilPort, spell, wildcard) => {
        fc.pre(evil !== good && !evil.endsWith(`.${good}`));
        const list = normalizeAllowedHosts([wildcard ? `*.${good}` : good]);
        const dressed = [
          `https://${good}@${spell(evil)}/`,
          `https://${good}:${evilPort}@${spell(evil)}:${evilPort}/`,
          `http://${spell(evil)}:${evilPort}/${good}`,
          `https://${spell(evil)}/?to=${good}`,
          `https://${spell(evil)}#@${good}`,
          `https://${good}.${spell(evil)}/`,
        ];
        for (const text of dressed) {
          const url = new URL(text);
          expect(isHostAllowed(url, list), text).toBe(false);
        }
      }),
    );
  });

  it('allows exactly the listed host and port, whatever the spelling (property)', () => {
    fc.assert(
      fc.property(host, port, port, respell, (good, allowedPort, otherPort, spell) => {
        const list = normalizeAllowedHosts([`${good}:${allowedPort}`]);
        expect(isHostAllowed(new URL(`http://${spell(good)}:${allowedPort}/`), list)).toBe(true);
        const other = new URL(`http://${spell(good)}:${otherPort}/`);
        const otherEffective = other.port === '' ? 80 : Number(other.port);
        expect(isHostAllowed(other, list)).toBe(otherEffective === allowedPort);
      }),
    );
  });
});

describe('defaultAllowedHosts', () => {
  it('takes each base URL host (with a port that is not the default), each once, skipping templates and non-URLs', () => {
    expect(
      defaultAllowedHosts([
        'https://API.example.com/v1',
        'http://127.0.0.1:4000',
        'https://api.example.com:443',
        '{{scheme}}://x.test',
        'not a url',
        'ftp://files.test',
      ]),
    ).toEqual(['api.example.com', '127.0.0.1:4000']);
  });

  it('names a destination as an entry would', () => {
    expect(destinationHost(new URL('http://[::1]:4000/x'))).toBe('[::1]:4000');
    expect(destinationHost(new URL('https://a.test./'))).toBe('a.test');
  });
});
