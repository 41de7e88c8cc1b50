import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBesideDocument } from './beside-document.js';

describe('isBesideDocument', () => {
  it('takes what lies in or below the document’s folder on the same server', () => {
    const document = 'http://127.0.0.1:8080/spec/shop.yaml';
    expect(isBesideDocument(document, 'http://127.0.0.1:8080/spec/schemas.yaml')).toBe(true);
    expect(isBesideDocument(document, 'http://127.0.0.1:8080/spec/v2/schemas.yaml#/Order')).toBe(true);
  });

  it('refuses another port, host or scheme, a folder above, and a host that only starts like the document’s', () => {
    const document = 'http://127.0.0.1:8080/spec/shop.yaml';
    for (const target of [
      'http://127.0.0.1:8081/spec/schemas.yaml',
      'http://127.0.0.1/spec/schemas.yaml',
      'https://127.0.0.1:8080/spec/schemas.yaml',
      'http://127.0.0.10:8080/spec/schemas.yaml',
      'http://127.0.0.1:8080/specs/schemas.yaml',
      'http://127.0.0.1:8080/spec/../secret.json',
      'http://127.0.0.1:8080/spec/%2e%2e/secret.json',
      'http://user@127.0.0.1:8080/spec/schemas.yaml',
      'file:///spec/schemas.yaml',
      'not a url',
    ]) {
      expect(isBesideDocument(document, target), target).toBe(false);
    }
    expect(isBesideDocument('https://example.com/a.yaml', 'https://example.com.evil.test/a.yaml')).toBe(false);
  });

  it('gives a document at a server root, with or without its slash, that server only', () => {
    for (const document of ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/']) {
      expect(isBesideDocument(document, 'http://127.0.0.1:8080/schemas.yaml')).toBe(true);
      expect(isBesideDocument(document, 'http://127.0.0.1:9090/secret.json')).toBe(false);
      expect(isBesideDocument(document, 'http://169.254.169.254/latest/meta-data')).toBe(false);
    }
  });

  it('never takes a target on another origin, and never throws', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.webUrl(), fc.string(), (document, target, junk) => {
        const beside = isBesideDocument(document, target);
        if (beside) expect(new URL(target).origin).toBe(new URL(document).origin);
        expect(typeof isBesideDocument(junk, junk)).toBe('boolean');
      }),
    );
  });
});
