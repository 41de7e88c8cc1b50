import { Document, isNode, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import { AppError } from '../errors.js';
import type { TreeProblem } from './project-tree.js';

/*
 * The YAML of a linked folder's files. Written for diffs: keys in the order the writer builds them, no line
 * folding (one field stays one line however long), and every text of several lines as a literal block (`|`), so a
 * changed line of a body or a script is one changed line of the file.
 */

const SCHEMA = { schema: 'core', merge: false, uniqueKeys: true } as const;
/** Texts that YAML 1.1 readers (PyYAML, older tools) take for true/false: quoted, so every reader sees text. */
const OLD_BOOLEAN = /^(y|yes|n|no|on|off)$/i;

/**
 * Whether a text reads back unchanged from a literal block: no carriage return (a reader turns CRLF into LF) and no
 * line of spaces alone (a block takes it for an empty line). Other texts stay quoted on one line, escapes and all.
 */
function fitsBlock(text: string): boolean {
  return !/[\r\p{Cc}]/u.test(text.replace(/[\n\t]/g, '')) && !/(^|\n)[ \t]+(\n|$)/.test(text);
}

export function toYamlText(value: unknown): string {
  const document = new Document(value, SCHEMA);
  visit(document, {
    Scalar(key, node) {
      if (typeof node.value !== 'string') return;
      if (node.value.includes('\n'))
        node.type = key !== 'key' && fitsBlock(node.value) ? 'BLOCK_LITERAL' : 'QUOTE_DOUBLE';
      else if (OLD_BOOLEAN.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return document.toString({ lineWidth: 0, minContentWidth: 0 });
}

/** A file's YAML read into plain data, with what it takes to find the line of a field a reader refused. */
interface YamlFile {
  value: unknown;
  lineOf(path: readonly (string | number)[]): number | undefined;
}

/** Aliases multiply data; a file of requests needs none, so a few are allowed and a "billion laughs" is not. */
const MAX_ALIAS_COUNT = 50;

function parseYamlText(text: string, file: string): YamlFile | TreeProblem {
  const lineCounter = new LineCounter();
  let document: ReturnType<typeof parseDocument>;
  try {
    document = parseDocument(text, { ...SCHEMA, lineCounter, prettyErrors: false, keepSourceTokens: false });
  } catch (error) {
    return { file, message: `is not YAML: ${(error as Error).message}` };
  }
  const [error] = document.errors;
  if (error !== undefined) {
    const line = lineCounter.linePos(error.pos[0]).line;
    return { file, line, message: `is not YAML: ${firstLine(error.message)}` };
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (failure) {
    return { file, message: `cannot be read: ${(failure as Error).message}` };
  }
  return {
    value,
    lineOf(path) {
      // The deepest node of the path that exists: a missing field is reported at the object that lacks it.
      for (let depth = path.length; depth >= 0; depth--) {
        const node = document.getIn(path.slice(0, depth), true);
        if (isNode(node) && node.range) {
          const start = isScalar(node) || depth === 0 ? node.range[0] : keyStart(document, path.slice(0, depth));
          return lineCounter.linePos(start ?? node.range[0]).line;
        }
      }
      return undefined;
    },
  };
}

/** Where the key of a map entry starts, so an object's problem points at its key's line, not its first child. */
function keyStart(document: Document, path: readonly (string | number)[]): number | undefined {
  const parent = document.getIn(path.slice(0, -1), true);
  const last = path.at(-1);
  if (typeof last !== 'string' || !parent || !('items' in (parent as object))) return undefined;
  for (const pair of (parent as { items: { key: unknown }[] }).items) {
    if (isScalar(pair.key) && pair.key.value === last) return pair.key.range?.[0];
  }
  return undefined;
}

const firstLine = (message: string): string => message.split('\n')[0] ?? message;

/** How readers name the whole file in their messages (`the file has no field "x"`). */
export const WHOLE_FILE = 'the file';

/**
 * `headers[2].value must…` → ['headers', 2, 'value']: the field a reader's message starts by naming; a field
 * refused as unknown (`… has no field "x"`) is where the message points.
 */
function pathOfMessage(message: string): (string | number)[] {
  const label = message.startsWith(WHOLE_FILE)
    ? ''
    : (/^[A-Za-z_$][\w$]*(?:\[\d+\]|\.[A-Za-z_$][\w$-]*)*/.exec(message)?.[0] ?? '');
  const path: (string | number)[] = [];
  for (const part of label.matchAll(/([A-Za-z_$][\w$-]*)|\[(\d+)\]/g)) {
    path.push(part[1] ?? Number(part[2]));
  }
  const unknown = / has no field "([^"]*)"/.exec(message);
  if (unknown?.[1] !== undefined) path.push(unknown[1]);
  return path;
}

/** What reading one file gives: its content, or the problem that keeps it out. */
export type FileRead<T> = { value: T; problem?: undefined } | { value?: undefined; problem: TreeProblem };

/**
 * Parses a file and runs a reader over its data: an AppError the reader throws becomes the file's problem, at the
 * line of the field its message names.
 */
export function readYamlFile<T>(text: string, file: string, read: (value: unknown) => T): FileRead<T> {
  const yaml = parseYamlText(text, file);
  if (!('lineOf' in yaml)) return { problem: yaml };
  try {
    return { value: read(yaml.value) };
  } catch (error) {
    const message = error instanceof AppError ? error.message : `cannot be read: ${String(error)}`;
    const line = yaml.lineOf(pathOfMessage(message));
    return { problem: line === undefined ? { file, message } : { file, line, message } };
  }
}
