import { AppError } from '../errors.js';
import { splitBashCommand } from './bash-words.js';
import { buildParsedCurl } from './build-parsed-curl.js';
import { splitCmdCommand } from './cmd-words.js';
import { detectShell } from './detect-shell.js';
import type { ParsedCurl } from './parsed-curl.js';
import { readCurlArgs } from './read-curl-args.js';
import { StdinInput } from './stdin-input.js';
import { shorten } from './text-position.js';

/** The largest command accepted, in UTF-8 bytes. Real commands, bodies included, stay far below it. */
export const MAX_CURL_COMMAND_BYTES = 256 * 1024;
/**
 * The most words (the program, options and their values) a command may have. Commands copied from browsers,
 * Postman or Insomnia have tens; this bounds the work one command can cost the app (the control plane's parser
 * thread, which every agent shares; the UI's own import runs on the thread that answers the UI) far below what
 * a 256 KiB command of tiny options would take.
 */
export const MAX_CURL_WORDS = 1000;

/**
 * Reads a curl command line (as bash, or as Windows cmd for "Copy as cURL (cmd)") into the request curl would
 * send. Throws only AppError('VALIDATION') with a message that says what is wrong and what to send instead.
 * Every step is linear in the length of the command, which is bounded by MAX_CURL_COMMAND_BYTES.
 */
export function parseCurl(command: string): ParsedCurl {
  if (typeof command !== 'string') throw new AppError('VALIDATION', 'command must be a string holding a curl command');
  refuseOversizedCommand(command);
  const text = command.replaceAll('\r\n', '\n').replace(/^\uFEFF/, '');
  if (text.trim() === '') throw emptyCommand();
  const shell = detectShell(text);
  const split = shell === 'cmd' ? splitCmdCommand(text) : splitBashCommand(text);
  const words = split.words.map((word) => word.text);
  if (words[0] === '$') words.shift();
  if (words.length > MAX_CURL_WORDS) throw tooManyWords(words.length);
  const program = words[0];
  if (program === undefined) throw emptyCommand();
  if (!isCurlProgram(program)) throw notCurl(program);
  const args = readCurlArgs(words.slice(1));
  return buildParsedCurl(args, new StdinInput(split.stdin), split.warnings);
}

function tooManyWords(count: number): AppError {
  return new AppError(
    'VALIDATION',
    `the command has ${count} words (options and their values); at most ${MAX_CURL_WORDS} are imported, so send ` +
      'one request per command, with repeated data in one -d or a body file (--data-binary @body.json)',
  );
}

function refuseOversizedCommand(command: string): void {
  // UTF-8 never takes fewer bytes than UTF-16 code units, so the length alone settles most inputs.
  const bytes = command.length > MAX_CURL_COMMAND_BYTES ? command.length : utf8Length(command);
  if (bytes > MAX_CURL_COMMAND_BYTES) {
    throw new AppError(
      'VALIDATION',
      `the command is larger than 256 KiB (at least ${bytes} bytes); send at most ${MAX_CURL_COMMAND_BYTES} bytes, ` +
        'and send a large body from a file (--data-binary @body.json) instead of inline',
    );
  }
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

function isCurlProgram(word: string): boolean {
  const base = word.slice(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1).toLowerCase();
  return base === 'curl' || base === 'curl.exe';
}

function emptyCommand(): AppError {
  return new AppError(
    'VALIDATION',
    'the command is empty; send a curl command such as curl https://api.example.com/items',
  );
}

function notCurl(program: string): AppError {
  const lower = program.toLowerCase();
  if (lower === 'http' || lower === 'https' || lower === 'xh' || lower === 'xhs') {
    return new AppError(
      'VALIDATION',
      `not a curl command: it starts with ${program}, which looks like HTTPie; send the request as a curl command, ` +
        `e.g. curl -X POST https://api.example.com/users --json '{"name":"Jane"}'`,
    );
  }
  if (lower === 'wget') {
    return new AppError(
      'VALIDATION',
      'not a curl command: it is a wget command; send the request as a curl command, e.g. curl https://api.example.com/items',
    );
  }
  if (program.includes('://') || lower.startsWith('www.')) {
    return new AppError(
      'VALIDATION',
      `not a curl command: it starts with a URL; send it as curl '${shorten(program)}'`,
    );
  }
  return new AppError(
    'VALIDATION',
    `not a curl command: it starts with ${shorten(program)}; send a command that starts with curl, e.g. ` +
      'curl https://api.example.com/items',
  );
}
