import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { splitCmdCommand } from './cmd-words.js';
import { detectShell } from './detect-shell.js';

const words = (text: string) => splitCmdCommand(text).words.map((word) => word.text);

function failure(text: string): AppError {
  try {
    splitCmdCommand(text);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('cmd.exe caret escapes', () => {
  it('drops each ^ and keeps the character after it', () => {
    expect(words('curl ^"a^{b^}c^^d^"')).toEqual(['curl', 'a{b}c^d']);
  });

  it('reads ^ + line break as a continuation', () => {
    expect(words('curl "url" ^\n  -H "a: b" ^\n  --compressed')).toEqual(['curl', 'url', '-H', 'a: b', '--compressed']);
  });

  it('keeps the line break that follows a ^ + line break inside quotes, as Chrome writes line breaks', () => {
    expect(words('x "one^\n\ntwo"')).toEqual(['x', 'one\ntwo']);
  });

  it('turns Chrome\'s ^\\^" into a literal quote through the C runtime rules', () => {
    expect(words('x "^{^\\^"a^\\^":1^}"')).toEqual(['x', '{"a":1}']);
  });

  it("reads Chrome's %^ guard as a plain percent sign", () => {
    expect(words('x "q=a^%^20b"')).toEqual(['x', 'q=a%20b']);
  });

  it('drops a trailing lone caret', () => {
    expect(words('x a^')).toEqual(['x', 'a']);
  });
});

describe('MSVCRT argument rules', () => {
  it.each([
    ['a\\b', 'a\\b'],
    ['a\\\\b', 'a\\\\b'],
    ['"a\\"b"', 'a"b'],
    ['"a\\\\"', 'a\\'],
    ['"a\\\\\\"b"', 'a\\"b'],
    ['"a""b"', 'a"b'],
    ['a"b c"d', 'ab cd'],
    ['""', ''],
  ])('reads %s as %s', (argument, expected) => {
    expect(words(`x ${argument}`)).toEqual(['x', expected]);
  });

  it('splits on unquoted spaces and tabs only', () => {
    expect(words('x "a b"\tc')).toEqual(['x', 'a b', 'c']);
  });
});

describe('cmd.exe operators', () => {
  it('refuses an unescaped & or && outside quotes', () => {
    expect(failure('curl a && curl b').message).toContain('joined by &&');
    expect(failure('curl https://x/?a=1&b=2').message).toContain('an unquoted & (line 1, column 20)');
  });

  it('refuses a pipe', () => {
    expect(failure('curl a | findstr x').message).toContain('pipes');
  });

  it('keeps an escaped or quoted & as text', () => {
    expect(words('curl a^&b "c&d"')).toEqual(['curl', 'a&b', 'c&d']);
  });

  it('reads < file as standard input and drops output redirections', () => {
    const command = splitCmdCommand('curl --data-binary @- url < body.json > out.txt 2>&1');
    expect(command.words.map((word) => word.text)).toEqual(['curl', '--data-binary', '@-', 'url']);
    expect(command.stdin).toEqual({ kind: 'file', path: 'body.json' });
  });

  it('refuses a quote that is never closed, saying where it opened', () => {
    const error = failure('curl "https://x ^\n  -H "a: b" ^\n  --compressed');
    expect(error.message).toContain('unbalanced quote: the " at line 2, column 11');
  });
});

describe('shell detection', () => {
  it.each([
    ['curl "https://x" ^\n  -H "a: b"', 'cmd'],
    ['curl "https://x" \\\n  -H "a: b"', 'bash'],
    ['curl ^"https://x^"', 'cmd'],
    [`curl 'https://x' -d '^"'`, 'bash'],
    ['curl https://x', 'bash'],
    [`curl -d 'a ^\nb' https://x \\\n -H 'X: 1' \\\n -v`, 'bash'],
  ])('reads %j as %s', (text, shell) => {
    expect(detectShell(text)).toBe(shell);
  });
});
