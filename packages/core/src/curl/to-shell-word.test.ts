import { describe, expect, it } from 'vitest';
import { splitBashCommand } from './bash-words.js';
import { toShellWord } from './to-shell-word.js';

const readBack = (word: string) => splitBashCommand(`x ${word}`).words[1]?.text;

describe('toShellWord', () => {
  it.each([
    ['https://api.example.com/a-b_c.d/%20,+@=', 'https://api.example.com/a-b_c.d/%20,+@='],
    ['https://api.example.com/?q=1', "'https://api.example.com/?q=1'"],
    ['', "''"],
    ['a b', "'a b'"],
    ["it's", "'it'\\''s'"],
    ['{"a":"$HOME"}', `'{"a":"$HOME"}'`],
    ['=x', "'=x'"],
    ['line 1\nline 2', "'line 1\nline 2'"],
    ['a\r\nb', "$'a\\r\\nb'"],
    ['tab\tand\x01bell', "$'tab\\tand\\x01bell'"],
    ["x'\\\x7f", "$'x\\'\\\\\\x7f'"],
    ['lone \ud800 surrogate', "$'lone \\ud800 surrogate'"],
    ['ends in ^\nnext', "$'ends in ^\\nnext'"],
  ])('quotes %j as %s', (value, word) => {
    expect(toShellWord(value)).toBe(word);
    expect(readBack(word)).toBe(value);
  });

  it('leaves non-ASCII text readable', () => {
    expect(toShellWord('café 😀')).toBe("'café 😀'");
  });

  it('refuses NUL, which no command line can carry', () => {
    expect(() => toShellWord('a\0b')).toThrow('a NUL character cannot be passed on a command line');
  });
});
