// biome-ignore-all lint/suspicious/noTemplateCurlyInString: bash parameter expansions such as ${USER} are test input here, not templates
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { splitBashCommand } from './bash-words.js';
import { splitCmdCommand } from './cmd-words.js';
import { MAX_CURL_COMMAND_BYTES, parseCurl } from './parse-curl.js';
import { readCurlArgs } from './read-curl-args.js';
import { newWorkMeter, type WorkMeter } from './work-meter.js';

/** Inputs built to make a careless scanner backtrack or rescan: runs of quotes, escapes, carets, openers. */
const BASH_INPUTS: Record<string, (n: number) => string> = {
  'single-quoted words': (n) => `curl ${"'a' ".repeat(n)}`,
  'escaped quotes in double quotes': (n) => `curl "${'\\"'.repeat(n)}"`,
  'alternating quote kinds': (n) => `curl ${`"'"'"'`.repeat(n)}`,
  'ANSI-C escapes': (n) => `curl $'${'\\x41\\u00e9\\101'.repeat(n)}'`,
  'unclosed ANSI-C string': (n) => `curl $'${'\\'.repeat(n)}`,
  'backslash runs': (n) => `curl ${'\\'.repeat(n)}`,
  'escaped spaces': (n) => `curl ${'\\ '.repeat(n)}`,
  'backslash then long blank run': (n) => `curl \\${' '.repeat(n)}x`,
  'unclosed command substitutions': (n) => `curl ${'$('.repeat(n)}`,
  'nested command substitutions': (n) => `curl ${'$('.repeat(n)}${')'.repeat(n)}`,
  'unclosed parameter expansions': (n) => `curl "${'${'.repeat(n)}"`,
  'unclosed single quote after many words': (n) => `curl ${'word '.repeat(n)}'tail`,
  'unclosed backticks': (n) => `curl ${'\\`'.repeat(n)}\``,
  'many here-documents, none closed': (n) => `curl ${'<<A '.repeat(n)}\n${'line\n'.repeat(n)}`,
  'here-document with expansions': (n) => `curl <<EOF\n${'${x $(y '.repeat(n)}\nEOF`,
  continuations: (n) => `curl${' \\\n -s'.repeat(n)}`,
  comments: (n) => `curl url ${'# c\n'.repeat(n)}`,
};

const CMD_INPUTS: Record<string, (n: number) => string> = {
  'caret runs': (n) => `curl ${'^'.repeat(n)}`,
  'caret quotes': (n) => `curl ${'^"'.repeat(n)}`,
  'backslash runs before a quote': (n) => `curl "${'\\'.repeat(n)}"`,
  'doubled quotes': (n) => `curl "${'""'.repeat(n)}"`,
  continuations: (n) => `curl "url" ${'^\n -s '.repeat(n)}`,
};

const ARGUMENT_INPUTS: Record<string, (n: number) => string[]> = {
  'one long cluster of letters': (n) => [`-${'s'.repeat(n)}`],
  'unknown long options': (n) => Array.from({ length: n }, (_, i) => `--unknown-${i}`),
  'options with values': (n) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? '-H' : 'X: 1')),
};

const SIZES = [1_000, 4_000, 16_000, 64_000];
/** Steps per character: a fixed bound across sizes is what linear means here. */
const STEPS_PER_CHARACTER = 4;

function stepsFor(run: (meter: WorkMeter) => unknown): number {
  const meter = newWorkMeter();
  try {
    run(meter);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  return meter.steps;
}

describe('the scanners do linear work', () => {
  it.each(Object.entries(BASH_INPUTS))('bash: %s', (_name, build) => {
    for (const n of SIZES) {
      const text = build(n);
      expect(stepsFor((meter) => splitBashCommand(text, meter))).toBeLessThanOrEqual(STEPS_PER_CHARACTER * text.length);
    }
  });

  it.each(Object.entries(CMD_INPUTS))('cmd: %s', (_name, build) => {
    for (const n of SIZES) {
      const text = build(n);
      expect(stepsFor((meter) => splitCmdCommand(text, meter))).toBeLessThanOrEqual(STEPS_PER_CHARACTER * text.length);
    }
  });

  it.each(Object.entries(ARGUMENT_INPUTS))('arguments: %s', (_name, build) => {
    for (const n of SIZES) {
      const words = build(n);
      const characters = words.reduce((total, word) => total + word.length + 1, 0);
      expect(stepsFor((meter) => readCurlArgs(words, meter))).toBeLessThanOrEqual(STEPS_PER_CHARACTER * characters);
    }
  });
});

describe('parseCurl on the largest pathological commands', () => {
  const fill = (unit: string, prefix = 'curl https://a.example.com ', suffix = '') =>
    prefix + unit.repeat(Math.floor((MAX_CURL_COMMAND_BYTES - prefix.length - suffix.length) / unit.length)) + suffix;
  const inputs: Record<string, string> = {
    'thousands of nested quotes': fill(`"'"'`),
    "runs of $'": fill("$'"),
    carets: fill('^', 'curl "https://a.example.com" ^\n'),
    backslashes: fill('\\'),
    'unclosed substitutions': fill('$('),
    'form fields with quoted file lists': fill('x,"y",', "curl https://a.example.com -F 'f=@", "'"),
    'form fields with attributes': fill(';type=a/b;x', "curl https://a.example.com -F 'f=v", "'"),
    'a form body of many pairs': fill('a=1&', "curl https://a.example.com -d '", "z=2'"),
    'many headers': fill(" -H 'X: 1'"),
    'many cookies': fill(" -b 'a=1'"),
    'many data options': fill(' -d a'),
    'many URLs': fill(' https://b.example.com'),
    'many unknown options': fill(' --made-up'),
    'many expansions': fill(' "$A${B}"'),
    'many distinct expansions': fill(' $A1 $A2 $A3 $A4 $A5 $A6 $A7 $A8 $A9'),
    'many unclosed here-documents': fill(' <<A', 'curl https://a.example.com', '\nline'),
    'many lines missing their backslash': fill('\n -s'),
    'many backslashes followed by spaces': fill(' \\  \n'),
    'many HTTPie items': fill(' a=1'),
  };

  it.each(Object.entries(inputs))('completes for %s', (_name, command) => {
    expect(new TextEncoder().encode(command).length).toBeLessThanOrEqual(MAX_CURL_COMMAND_BYTES);
    let outcome: string;
    try {
      outcome = parseCurl(command).method;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      outcome = (error as AppError).code;
    }
    expect(['GET', 'POST', 'VALIDATION']).toContain(outcome);
  });
});
