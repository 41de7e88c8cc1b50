import { itemAt } from '../item-at.js';
import { type FormPart, type MultipartPart, readFormField } from './form-field.js';
import type { ParsedCurlBody } from './parsed-curl.js';
import type { CurlArgs } from './read-curl-args.js';
import { type DataPiece, fileBodyWarning, type JoinedData } from './request-data.js';
import { FORM_CONTENT_TYPE } from './request-headers.js';
import { NO_STDIN_WARNING, type StdinInput } from './stdin-input.js';
import { shorten } from './text-position.js';
import { parseFormBody } from './url-encoding.js';

/** The body of data options: a single file as the file, plain form data as pairs, anything else as raw text. */
export function dataBody(
  pieces: readonly DataPiece[],
  joined: JoinedData,
  contentType: string | null,
  impliedType: boolean,
  warnings: string[],
): ParsedCurlBody {
  const onlyFile = pieces.length === 1 ? joined.files[0] : undefined;
  if (onlyFile !== undefined) {
    const warning = fileBodyWarning(onlyFile);
    if (warning !== null) warnings.push(warning);
    return { mode: 'file', path: onlyFile.path };
  }
  for (const file of joined.files) {
    warnings.push(
      `${file.spelled}: the file's content cannot be read here and is combined with other data, so it was left out of the body.`,
    );
  }
  const isForm = contentType !== null && itemAt(contentType.split(';'), 0).trim().toLowerCase() === FORM_CONTENT_TYPE;
  const fields = isForm ? parseFormBody(joined.text) : null;
  if (fields !== null) return { mode: 'urlencoded', fields };
  const start = joined.text.trimStart()[0];
  if (contentType === FORM_CONTENT_TYPE && impliedType && (start === '{' || start === '[')) {
    warnings.push(
      'The body looks like JSON, but no Content-Type was typed, so curl sends it as ' +
        "application/x-www-form-urlencoded; add -H 'Content-Type: application/json' if the server expects JSON.",
    );
  }
  return { mode: 'raw', text: joined.text };
}

/** The parts of the `-F`/`--form-string` options, standard input resolved. */
export function multipartParts(args: CurlArgs, stdin: StdinInput, warnings: string[]): MultipartPart[] {
  const parts: MultipartPart[] = [];
  for (const form of args.forms) {
    const field = readFormField(form.value, form.literal);
    warnings.push(...field.warnings);
    for (const part of field.parts) parts.push(toMultipartPart(part, stdin, warnings));
  }
  return parts;
}

function toMultipartPart(part: FormPart, stdin: StdinInput, warnings: string[]): MultipartPart {
  const typed = part.contentType === undefined ? {} : { contentType: part.contentType };
  const { content } = part;
  if (content.kind === 'text') return { name: part.name, value: content.text, ...typed };
  let path = content.path;
  if (path === '-') {
    const source = stdin.take();
    if (source?.kind === 'text') return { name: part.name, value: source.text, ...typed };
    if (source === null) {
      warnings.push(`-F field ${shorten(part.name)} ${NO_STDIN_WARNING}`);
      return { name: part.name, value: '', ...typed };
    }
    path = source.path;
  }
  if (content.asText) {
    warnings.push(
      `-F field ${shorten(part.name)}: curl sends the content of ${shorten(path)} as a plain field; it was imported as a file part.`,
    );
  }
  return { name: part.name, file: path, ...typed };
}

/** The body of `-T`: the file, or what standard input holds for `-T -`. */
export function uploadBody(uploads: readonly string[], stdin: StdinInput, warnings: string[]): ParsedCurlBody {
  const file = itemAt(uploads, 0);
  if (file !== '-' && file !== '.') return { mode: 'file', path: file };
  const source = stdin.take();
  if (source?.kind === 'text') return { mode: 'raw', text: source.text };
  if (source?.kind === 'file') return { mode: 'file', path: source.path };
  warnings.push(`-T ${file} ${NO_STDIN_WARNING}`);
  return { mode: 'raw', text: '' };
}
