import { describe, expect, it } from 'vitest';
import { namedAsWritten } from './named-as-written.js';

describe('namedAsWritten', () => {
  it('names a text with variables as written, then as resolved with its secrets masked', () => {
    expect(namedAsWritten('{{base_url}}/pay/{{key}}', 'https://x.test/pay/••••')).toBe(
      '{{base_url}}/pay/{{key}} ("https://x.test/pay/••••")',
    );
  });

  it('names a text without variables once', () => {
    expect(namedAsWritten('https://x.test/token', 'https://x.test/token')).toBe('https://x.test/token');
  });
});
