import { describe, expect, it } from 'vitest';
import { maskedHostName, shownHost } from './shown-host.js';

describe('shownHost', () => {
  it('is the URL’s own host when no secret shapes it', () => {
    expect(shownHost(new URL('http://API.example.com:8080/x'), 'http://API.example.com:8080/x')).toBe(
      'api.example.com:8080',
    );
    expect(shownHost(new URL('http://ada:pw@h.test/'), 'http://ada:••••@h.test/')).toBe('h.test');
  });

  it('masks a secret in the host, which the URL lowercases and punycodes', () => {
    const url = new URL('http://Sk_Live_日.example.com/');
    expect(shownHost(url, 'http://••••.example.com/')).toBe('••••.example.com');
    expect(maskedHostName(`getaddrinfo ENOTFOUND ${url.hostname}`, url, 'http://••••.example.com/')).toBe(
      'getaddrinfo ENOTFOUND ••••',
    );
  });

  it('is only the mask when the masked URL names another host (a secret that held a slash or an @)', () => {
    const url = new URL('http://sk_live_日/x@127.0.0.1:9/');
    expect(shownHost(url, 'http://••••@127.0.0.1:9/')).toBe('••••');
    expect(maskedHostName(`no answer from ${url.hostname}`, url, 'http://••••@127.0.0.1:9/')).toBe(
      'no answer from ••••',
    );
  });
});
