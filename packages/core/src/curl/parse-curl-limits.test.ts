import { describe, expect, it } from 'vitest';
import { MAX_CURL_WORDS, parseCurl } from './parse-curl.js';

/** `curl URL` and then `-H 'X-n: v'` pairs up to `words` words in all. */
function commandOf(words: number): string {
  const pairs = Math.floor((words - 2) / 2);
  const headers = Array.from({ length: pairs }, (_, index) => `-H 'X-${index}: v'`).join(' ');
  return `curl https://api.example.com/items ${headers}`.trim();
}

describe('the cost of one command', () => {
  it(`reads a command of ${MAX_CURL_WORDS} words`, () => {
    expect(parseCurl(commandOf(MAX_CURL_WORDS)).headers).toHaveLength((MAX_CURL_WORDS - 2) / 2);
  });

  it('refuses a command of more words, saying how many and what to send instead', () => {
    expect(() => parseCurl(`${commandOf(MAX_CURL_WORDS)} -v`)).toThrow(
      /^the command has 1001 words \(options and their values\); at most 1000 are imported/,
    );
    expect(() => parseCurl(commandOf(MAX_CURL_WORDS))).not.toThrow();
  });
});
