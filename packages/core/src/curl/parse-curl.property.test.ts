import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { CURL_OPTIONS } from './curl-options.js';
import { MAX_CURL_COMMAND_BYTES, parseCurl } from './parse-curl.js';
import type { ParsedCurl } from './parsed-curl.js';
import { toShellWord } from './to-shell-word.js';

/** Parses `input` and checks the outcome is a well-formed result or a VALIDATION AppError, nothing else. */
function parsesOrRefuses(input: string): void {
  let parsed: ParsedCurl;
  try {
    parsed = parseCurl(input);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'VALIDATION' || error.message === '') throw error;
    return;
  }
  expect(parsed.method).toMatch(/\S/);
  expect(parsed.method).toBe(parsed.method.toUpperCase());
  expect(typeof parsed.url).toBe('string');
  expect(parsed.headers.every((h) => typeof h.name === 'string' && typeof h.value === 'string')).toBe(true);
  expect(parsed.warnings.length).toBeLessThanOrEqual(51);
}

const loneSurrogates = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const anyUnit = fc.oneof(fc.string({ unit: 'binary', maxLength: 4 }), loneSurrogates);

const SHELL_TOKENS = [
  "'",
  '"',
  "$'",
  '$"',
  '\\',
  '\\\n',
  ' \\\n',
  '\\\r\n',
  '^',
  '^"',
  '^\\^"',
  ' ^\n',
  '^\n\n',
  '\n',
  '\r\n',
  '\t',
  ' ',
  '$',
  '$(',
  ')',
  '${',
  '}',
  '`',
  '#',
  '&&',
  '||',
  '|',
  ';',
  '&',
  '<',
  '>',
  '2>&1',
  '<<EOF\n',
  "<<'EOF'\n",
  '<<-X\n',
  'EOF\n',
  '<<<',
  '(',
  '""',
  "''",
  '%',
  '%^',
  '=',
  ':',
  ';type=',
  ';filename=',
  ',',
  '@',
  '@-',
  '@file',
  '<file',
  '{{x}}',
  'https://api.example.com/a?b=1',
  'localhost:3000',
  '[::1]',
  'user:pw@',
  'a=1',
  'b=x y',
  '{"a":1}',
  '+raw',
  'POST',
  'GET',
  'curl',
  'curl.exe',
  '--',
  '-',
  '\\x41',
  '\\u00e9',
  '\\0',
  '\\c',
  'é',
  '😀',
  '\ud800',
  '\0',
];
const OPTION_TOKENS = CURL_OPTIONS.flatMap((option) => [
  `--${option.long}`,
  `--no-${option.long}`,
  `--${option.long}=`,
  ...(option.short === null ? [] : [`-${option.short}`]),
]);
const soupToken = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SHELL_TOKENS) },
  { weight: 3, arbitrary: fc.constantFrom(...OPTION_TOKENS) },
  { weight: 1, arbitrary: fc.string({ unit: anyUnit, maxLength: 6 }) },
);
const separator = fc.constantFrom(' ', '', ' \\\n  ', ' ^\n  ', '\n', "'", '"');
const curlSoup = fc
  .tuple(
    fc.constantFrom('curl ', 'curl.exe ', '$ curl ', ''),
    fc.array(fc.tuple(soupToken, separator), { maxLength: 40 }),
  )
  .map(([start, parts]) => start + parts.map(([token, sep]) => token + sep).join(''));

const VALUES = [
  'a=1',
  'b=x y&c=%41',
  '@-',
  '@file.json',
  '-',
  'Name: value',
  'Cookie: a=1',
  'Content-Type: application/json',
  'X;',
  'X:',
  'f=@a.png;type=image/png,b.txt',
  'f=<notes.txt',
  'q@-',
  '=v',
  '+raw=1',
  'user:pw',
  '{"a":[1,2]}',
  '{{base_url}}/x',
  'https://u:p@api.example.com/a?b=1#c',
  'localhost:8080',
  '0-99',
  'POST',
  'get',
  '',
  'ntlm',
];
const balancedWord = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...OPTION_TOKENS) },
  { weight: 4, arbitrary: fc.constantFrom(...VALUES) },
  { weight: 1, arbitrary: fc.string({ unit: anyUnit, maxLength: 8 }).map((text) => text.replaceAll('\0', '')) },
);
const stdinTail = fc.constantFrom('', ' <<\'EOF\'\n{"a": 1}\nEOF', ' <<< hi', ' < body.json', ' <<EOF\n$HOME\nEOF\n');
const wordGap = fc.constantFrom(' ', ' \\\n  ', '  ');
const balancedCommand = fc
  .tuple(fc.array(fc.tuple(balancedWord, wordGap), { maxLength: 24 }), stdinTail)
  .map(([parts, tail]) => `curl${parts.map(([word, gap]) => gap + toShellWord(word)).join('')}${tail}`);

describe('parseCurl on any input', () => {
  it('returns a request or a VALIDATION AppError for any string (5,000 runs)', () => {
    fc.assert(fc.property(fc.string({ unit: anyUnit, maxLength: 200 }), parsesOrRefuses), { numRuns: 5_000 });
  });

  it('returns a request or a VALIDATION AppError for any string after "curl " (3,000 runs)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (tail) => parsesOrRefuses(`curl ${tail}`)),
      {
        numRuns: 3_000,
      },
    );
  });

  it('returns a request or a VALIDATION AppError for curl-shaped soups of options, quotes and operators (8,000 runs)', () => {
    fc.assert(fc.property(curlSoup, parsesOrRefuses), { numRuns: 8_000 });
  });

  it('returns a request or a VALIDATION AppError for well-quoted commands of real options and values (6,000 runs)', () => {
    fc.assert(fc.property(balancedCommand, parsesOrRefuses), { numRuns: 6_000 });
  });

  it('refuses values that are not strings with a VALIDATION AppError', () => {
    for (const value of [undefined, null, 42, {}, ['curl']]) {
      expect(() => parseCurl(value as unknown as string)).toThrow(AppError);
    }
  });
});

const tokenName = fc.string({
  unit: fc.constantFrom(..."ABCXYZabcxyz019!#$%&'*+.^_`|~-".split('')),
  minLength: 1,
  maxLength: 16,
});
const headerValue = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom(...' \t:;"\'\\$`!{}^*?&|<>#='.split('')),
      fc.string({ unit: 'binary', maxLength: 1 }),
    ),
    maxLength: 30,
  })
  .map((value) => value.replaceAll(/[\r\n\0]/g, '').trim())
  .filter((value) => value !== '');
const urlText = fc
  .tuple(
    fc.domain(),
    fc.array(
      fc.string({
        unit: fc.oneof(
          fc.constantFrom(...'ab09-._~!$&\'()*+,;=:@%{} "^\\`|<>[]'.split('')),
          fc.constant('{{id}}'),
          fc.constant('é'),
        ),
        maxLength: 12,
      }),
      { maxLength: 4 },
    ),
    fc.option(fc.string({ unit: fc.constantFrom(...'ab=&%+{}?/ '.split('')), maxLength: 20 })),
  )
  .map(([host, segments, query]) =>
    `https://${host}/${segments.join('/')}${query === null ? '' : `?${query}`}`.trimEnd(),
  );
const body = fc.option(
  fc.string({ unit: anyUnit, maxLength: 60 }).map((text) => text.replaceAll('\0', '')),
  { nil: null },
);
const lineBreak = fc.constantFrom(' ', ' \\\n  ', ' \\\r\n\t');

describe('parseCurl reads back what toShellWord quoted', () => {
  it('gives the same method, URL, headers and body (3,000 runs)', () => {
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'),
      url: urlText,
      headers: fc.array(fc.record({ name: tokenName, value: headerValue }), { maxLength: 5 }),
      body,
    });
    fc.assert(
      fc.property(request, fc.array(lineBreak, { minLength: 20, maxLength: 20 }), (req, breaks) => {
        // -g: the URL is read as written, with no glob patterns nor their backslash escapes.
        const words = ['-X', req.method, '-g', req.url, ...req.headers.flatMap((h) => ['-H', `${h.name}: ${h.value}`])];
        if (req.body !== null) words.push('-H', 'Content-Type: text/plain', '--data-raw', req.body);
        const command = `curl${words.map((word, i) => `${breaks[i % breaks.length]}${toShellWord(word)}`).join('')}`;
        const parsed = parseCurl(command);
        const expectedHeaders =
          req.body === null ? req.headers : [...req.headers, { name: 'Content-Type', value: 'text/plain' }];
        expect(parsed.method).toBe(req.method);
        expect(parsed.url).toBe(req.url);
        expect(parsed.headers).toEqual(expectedHeaders);
        expect(parsed.body).toEqual(req.body === null ? null : { mode: 'raw', text: req.body });
        expect(parsed.warnings).toEqual([]);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('the size bound', () => {
  const bodyOfBytes = (prefix: string, bytes: number, unit: string, unitBytes: number) => {
    const fixed = new TextEncoder().encode(`${prefix}''`).length;
    const units = Math.floor((bytes - fixed) / unitBytes);
    const padding = 'x'.repeat(bytes - fixed - units * unitBytes);
    return `${prefix}'${unit.repeat(units)}${padding}'`;
  };
  const prefix = 'curl https://a.example.com -H "Content-Type: text/plain" --data-raw ';

  it.each([
    ['ASCII', 'a', 1],
    ['two-byte', 'é', 2],
    ['four-byte', '😀', 4],
  ])('accepts a command of exactly the limit and refuses one byte more (%s text)', (_kind, unit, unitBytes) => {
    const atLimit = bodyOfBytes(prefix, MAX_CURL_COMMAND_BYTES, unit, unitBytes);
    expect(new TextEncoder().encode(atLimit).length).toBe(MAX_CURL_COMMAND_BYTES);
    expect(parseCurl(atLimit).body?.mode).toBe('raw');
    const overLimit = `${atLimit} `;
    expect(() => parseCurl(overLimit)).toThrow(
      new AppError(
        'VALIDATION',
        ''.concat(
          'the command is larger than 256 KiB (at least 262145 bytes); send at most 262144 bytes, ',
          'and send a large body from a file (--data-binary @body.json) instead of inline',
        ),
      ),
    );
  });

  it('refuses a huge command by its length without encoding it', () => {
    expect(() => parseCurl(`curl ${'x'.repeat(10_000_000)}`)).toThrow(/larger than 256 KiB/);
  });
});
