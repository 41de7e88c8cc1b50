import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loopbackHostOf } from './loopback-host.js';

describe('loopbackHostOf', () => {
  it('accepts the two loopback names with the port, in any case', () => {
    expect(loopbackHostOf('127.0.0.1:4110', 4110)).toBe('127.0.0.1:4110');
    expect(loopbackHostOf('LocalHost:4110', 4110)).toBe('localhost:4110');
  });

  it('refuses another port, another name, no port and no header', () => {
    for (const host of ['127.0.0.1:4111', 'evil.example:4110', '127.0.0.1', 'localhost', '[::1]:4110', undefined]) {
      expect(loopbackHostOf(host, 4110)).toBeNull();
    }
  });

  it('accepts nothing but the two names for any header a client sends', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 65535 }), (host, port) => {
        const accepted = loopbackHostOf(host, port);
        if (accepted !== null) expect([`127.0.0.1:${port}`, `localhost:${port}`]).toContain(accepted);
      }),
    );
  });
});
