import type { DataKind, Given } from './read-curl-args.js';
import { NO_STDIN_WARNING, type StdinInput } from './stdin-input.js';
import { shorten } from './text-position.js';
import { encodeLikeCurl } from './url-encoding.js';

/** One `-d`-style option's contribution: known text, or a file whose content is not known here. */
export type DataPiece =
  | { kind: 'text'; text: string; option: DataKind }
  | { kind: 'file'; path: string; option: DataKind; spelled: string };

/** The data options joined as curl joins them, and the file pieces that could not be joined. */
export interface JoinedData {
  text: string;
  files: Extract<DataPiece, { kind: 'file' }>[];
  json: boolean;
}

/**
 * Resolves each data option as curl's set_data does: `-d`/`--data-ascii`/`--data-binary`/`--json` read `@file`
 * (and `@-`, standard input), `--data-raw` never does, `--data-urlencode` encodes its content part. Text read
 * through `-d @-` loses its line breaks, as curl strips CR and LF from files read for `-d`.
 */
export function readDataPieces(
  data: readonly (Given & { kind: DataKind })[],
  stdin: StdinInput,
  warnings: string[],
): DataPiece[] {
  return data.map(({ value, kind }) => {
    if (kind === 'data-urlencode') return urlencodePiece(value, stdin, warnings);
    if (kind === 'data-raw' || !value.startsWith('@')) return { kind: 'text', text: value, option: kind };
    const path = value.slice(1);
    if (path !== '-') return { kind: 'file', path, option: kind, spelled: `${optionName(kind)} ${shorten(value)}` };
    const source = stdin.take();
    if (source === null) {
      warnings.push(`${optionName(kind)} @- ${NO_STDIN_WARNING}`);
      return { kind: 'text', text: '', option: kind };
    }
    if (source.kind === 'file') {
      return {
        kind: 'file',
        path: source.path,
        option: kind,
        spelled: `${optionName(kind)} @- < ${shorten(source.path)}`,
      };
    }
    const stripsLineBreaks = kind === 'data' || kind === 'data-ascii';
    return { kind: 'text', text: stripsLineBreaks ? stripLineBreaks(source.text) : source.text, option: kind };
  });
}

/**
 * Joins the text pieces with `&` as curl does: no `&` before a `--json` piece, and none while the data so far
 * is empty. File pieces are left out and returned for the caller to decide on.
 */
export function joinDataPieces(pieces: readonly DataPiece[]): JoinedData {
  const parts: string[] = [];
  let length = 0;
  const files: Extract<DataPiece, { kind: 'file' }>[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'file') {
      files.push(piece);
      continue;
    }
    if (length > 0 && piece.option !== 'json') parts.push('&');
    parts.push(piece.text);
    length += piece.text.length;
  }
  return { text: parts.join(''), files, json: pieces.some((piece) => piece.option === 'json') };
}

/** The warning for a file body the app sends differently from curl, or null when it sends the same bytes. */
export function fileBodyWarning(piece: Extract<DataPiece, { kind: 'file' }>): string | null {
  if (piece.option === 'data' || piece.option === 'data-ascii') {
    return (
      `${piece.spelled}: curl removes the line breaks from the file before sending it; the app sends the file ` +
      'as it is (use --data-binary to send it unchanged with curl too).'
    );
  }
  if (piece.option === 'data-urlencode') {
    return `${piece.spelled}: curl URL-encodes the file's content; the app sends the file as it is.`;
  }
  return null;
}

/**
 * `--data-urlencode` in its forms: `content`, `=content`, `name=content`, `@file`, `name@file`. The name ends
 * at the first `=`; only when there is none does `@` mark a file.
 */
function urlencodePiece(value: string, stdin: StdinInput, warnings: string[]): DataPiece {
  let separator = value.indexOf('=');
  const isFile = separator < 0 && value.includes('@');
  if (isFile) separator = value.indexOf('@');
  const name = separator >= 0 ? value.slice(0, separator) : '';
  let content = separator >= 0 ? value.slice(separator + 1) : value;
  if (isFile) {
    if (content !== '-') {
      return { kind: 'file', path: content, option: 'data-urlencode', spelled: `--data-urlencode ${shorten(value)}` };
    }
    const source = stdin.take();
    if (source?.kind === 'file') {
      return {
        kind: 'file',
        path: source.path,
        option: 'data-urlencode',
        spelled: `--data-urlencode ${shorten(value)}`,
      };
    }
    if (source === null) warnings.push(`--data-urlencode ${shorten(value)} ${NO_STDIN_WARNING}`);
    content = source?.text ?? '';
  }
  const encoded = encodeLikeCurl(content);
  return { kind: 'text', text: name === '' ? encoded : `${name}=${encoded}`, option: 'data-urlencode' };
}

function stripLineBreaks(text: string): string {
  return text.replaceAll('\r', '').replaceAll('\n', '').replaceAll('\0', '');
}

function optionName(kind: DataKind): string {
  return kind === 'data' ? '-d' : `--${kind}`;
}
