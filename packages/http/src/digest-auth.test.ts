import { describe, expect, it } from 'vitest';
import { digestAuthorization, parseDigestChallenge } from './digest-auth.js';

describe('Digest auth', () => {
  it('reads a challenge with quoted and bare parameters', () => {
    expect(
      parseDigestChallenge(
        'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
      ),
    ).toEqual({
      realm: 'testrealm@host.com',
      nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      qop: 'auth,auth-int',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
      algorithm: 'MD5',
    });
    expect(parseDigestChallenge('Basic realm="x"')).toBeNull();
    expect(parseDigestChallenge(null)).toBeNull();
  });

  it('answers the RFC 2617 example challenge with its known response', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
    if (challenge === null) throw new Error('the example challenge did not parse');
    const header = digestAuthorization(
      challenge,
      { username: 'Mufasa', password: 'Circle Of Life', method: 'GET', uri: '/dir/index.html' },
      '0a4f113b',
    );
    expect(header).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(header).toContain('qop=auth, nc=00000001, cnonce="0a4f113b"');
    expect(header).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
  });

  it('answers the RFC 7616 SHA-256 example with its known response', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
    );
    if (challenge === null) throw new Error('the example challenge did not parse');
    const header = digestAuthorization(
      challenge,
      { username: 'Mufasa', password: 'Circle of Life', method: 'GET', uri: '/dir/index.html' },
      'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
    );
    expect(header).toContain('response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"');
  });
});
