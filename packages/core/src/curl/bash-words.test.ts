// biome-ignore-all lint/suspicious/noTemplateCurlyInString: bash parameter expansions such as ${USER} are test input here, not templates
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { splitBashCommand } from './bash-words.js';

const words = (text: string) => splitBashCommand(text).words.map((word) => word.text);

function failure(text: string): AppError {
  try {
    splitBashCommand(text);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('bash quoting', () => {
  it('takes single-quoted text literally, backslashes and dollars included', () => {
    expect(words(`curl 'a \\n $HOME "b"'`)).toEqual(['curl', 'a \\n $HOME "b"']);
  });

  it('removes only the backslash escapes bash knows inside double quotes', () => {
    expect(words('x "\\" \\$ \\` \\\\ \\a \\n"')).toEqual(['x', '" $ ` \\ \\a \\n']);
  });

  it('joins adjacent quoted and unquoted parts into one word', () => {
    expect(words(`a'b c'"d e"f\\ g`)).toEqual(['ab cd ef g']);
  });

  it("decodes every ANSI-C escape of $'…'", () => {
    const [, decoded] = words(
      String.raw`x $'\a\b\e\E\f\n\r\t\v\\\'\"\?|\x41\x4|\u00e9\U0001F600|\101\0101|\cA\c?|\q\x'`,
    );
    expect(decoded).toBe('\x07\b\x1b\x1b\f\n\r\t\v\\\'"?|A\x04|é😀|A\x081|\x01\x7f|\\q\\x');
  });

  it("ends the text of a $'…' string at NUL, as bash does", () => {
    expect(words(String.raw`x $'ab\0cd'ef $'\x00z'`)).toEqual(['x', 'abef', '']);
  });

  it('keeps an empty quoted word', () => {
    expect(words(`curl '' ""`)).toEqual(['curl', '', '']);
  });

  it('treats $"…" like "…"', () => {
    expect(words('x $"a\\"b"')).toEqual(['x', 'a"b']);
  });
});

describe('bash line structure', () => {
  it('joins lines ended by a backslash, with LF or CRLF already normalised to LF', () => {
    expect(words('curl \\\n  -X POST \\\n\turl')).toEqual(['curl', '-X', 'POST', 'url']);
  });

  it('removes a backslash-newline inside a word and inside double quotes', () => {
    expect(words('ab\\\ncd "ef\\\ngh"')).toEqual(['abcd', 'efgh']);
  });

  it('reads a backslash followed by spaces before the line break as a continuation, with a warning', () => {
    const command = splitBashCommand('curl \\  \n  url');
    expect(command.words.map((word) => word.text)).toEqual(['curl', 'url']);
    expect(command.warnings).toEqual([expect.stringContaining('line 1, column 6 is followed by spaces')]);
  });

  it('keeps an escaped space that does not end the line', () => {
    expect(words('a\\ b')).toEqual(['a b']);
  });

  it('skips comments that start a word, not a # inside a word', () => {
    expect(words('curl https://x/#frag # a comment\n')).toEqual(['curl', 'https://x/#frag']);
  });

  it('reads an unfinished continuation of the next line as part of the command, with a warning', () => {
    const command = splitBashCommand("curl url\n  -H 'X: 1'");
    expect(command.words.map((word) => word.text)).toEqual(['curl', 'url', '-H', 'X: 1']);
    expect(command.warnings).toEqual([expect.stringContaining('Line 2, column 3 continues the command')]);
  });
});

describe('bash redirections and here-documents', () => {
  it("feeds a quoted here-document's body, line breaks included, to standard input", () => {
    const command = splitBashCommand('curl -d @- url <<\'EOF\'\n{"a": "$x"}\nEOF\n');
    expect(command.words.map((word) => word.text)).toEqual(['curl', '-d', '@-', 'url']);
    expect(command.stdin).toEqual({ kind: 'text', text: '{"a": "$x"}\n' });
    expect(command.warnings).toEqual([]);
  });

  it('reads the body after the line of the operator, even when the operator sits on a continued line', () => {
    const command = splitBashCommand('curl url \\\n  --data-binary @- <<END\nline 1\nline 2\nEND');
    expect(command.stdin).toEqual({ kind: 'text', text: 'line 1\nline 2\n' });
  });

  it('unescapes an unquoted body and warns about the expansions it keeps', () => {
    const command = splitBashCommand('curl url <<EOF\ncost \\$5 for ${USER} \\\nnow\nEOF');
    expect(command.stdin).toEqual({ kind: 'text', text: 'cost $5 for ${USER} now\n' });
    expect(command.warnings).toEqual([expect.stringContaining('${USER} is a shell variable')]);
  });

  it('strips leading tabs for <<-', () => {
    const command = splitBashCommand('curl url <<-EOF\n\t\ta\n\tEOF');
    expect(command.stdin).toEqual({ kind: 'text', text: 'a\n' });
  });

  it('reads to the end when the delimiter line never comes, with a warning', () => {
    const command = splitBashCommand('curl url <<EOF\nabc');
    expect(command.stdin).toEqual({ kind: 'text', text: 'abc\n' });
    expect(command.warnings).toEqual([expect.stringContaining('has no closing EOF line')]);
  });

  it('takes a here-string with its trailing line break, and a < file as a file', () => {
    expect(splitBashCommand("curl url <<< 'hi'").stdin).toEqual({ kind: 'text', text: 'hi\n' });
    expect(splitBashCommand('curl url < body.json').stdin).toEqual({ kind: 'file', path: 'body.json' });
  });

  it('drops output redirections and their targets', () => {
    expect(words('curl url > out.txt 2>&1 2> err.log &>> all.log')).toEqual(['curl', 'url']);
  });

  it('refuses a redirection without a target, saying where it is', () => {
    expect(failure('curl url >').message).toContain('the redirection > at line 1, column 10 has no file');
  });
});

describe('bash commands that are not one curl command', () => {
  it.each([
    ['curl a && curl b', 'several commands joined by && (line 1, column 8)'],
    ['curl a || true', 'joined by ||'],
    ['curl a; echo', 'joined by ;'],
    ['curl a | jq .', "pipes curl's output into another command with | (line 1, column 8)"],
    ['curl https://x/?a=1&b=2', 'an unquoted & (line 1, column 20)'],
    ['curl a & curl b', 'joined by &'],
    ['curl a\ncurl b', 'line 2, column 1 starts another command (curl)'],
  ])('refuses %j', (text, message) => {
    const error = failure(text);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toContain(message);
  });

  it('accepts a trailing ; or &', () => {
    expect(words('curl a;')).toEqual(['curl', 'a']);
    expect(words('curl a &')).toEqual(['curl', 'a']);
  });

  it('refuses an unquoted parenthesis', () => {
    expect(failure('curl https://x/(1)').message).toContain('unquoted ( at line 1, column 16');
  });
});

describe('bash unbalanced quotes', () => {
  it.each([
    ["curl 'abc", "the ' at line 1, column 6"],
    ['curl -H "a: b', 'the " at line 1, column 9'],
    ["curl\n  $'abc", "the $' at line 2, column 3"],
    ['curl `date', 'the ` at line 1, column 6'],
  ])('names the quote and where it opened in %j', (text, where) => {
    const error = failure(text);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toContain(`unbalanced quote: ${where}`);
  });

  it('refuses an unclosed $( with the spot', () => {
    expect(failure('curl "$(date"').message).toContain('unbalanced $( at line 1, column 7');
  });
});

describe('bash expansions', () => {
  it('keeps variables and command substitutions as typed, warning once per expansion', () => {
    const command = splitBashCommand('curl -H "A: $TOKEN" -H "B: ${TOKEN}" -u $USER:$(cat pw) -d `date` "$TOKEN"');
    expect(command.words.map((word) => word.text)).toEqual([
      'curl',
      '-H',
      'A: $TOKEN',
      '-H',
      'B: ${TOKEN}',
      '-u',
      '$USER:$(cat pw)',
      '-d',
      '`date`',
      '$TOKEN',
    ]);
    expect(command.warnings).toEqual([
      expect.stringContaining('$TOKEN is a shell variable'),
      expect.stringContaining('${TOKEN} is a shell variable'),
      expect.stringContaining('$USER is a shell variable'),
      expect.stringContaining('$(cat pw) is a command substitution'),
      expect.stringContaining('`date` is a command substitution'),
    ]);
  });

  it('reads a lone $ and $ before a non-name as a dollar sign', () => {
    expect(splitBashCommand('x $ a$ "$" $%').warnings).toEqual([]);
    expect(words('x $ a$ "$" $%')).toEqual(['x', '$', 'a$', '$', '$%']);
  });

  it('skips parentheses inside quotes within $(…)', () => {
    expect(words(`x "$(echo ')' ")")"`)).toEqual(['x', `$(echo ')' ")")`]);
  });
});
