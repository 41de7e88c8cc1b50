import { invalid, readBoolean, readList, readRecord, readString, readWhole, refuseUnknown } from '../field-readers.js';
import type { KeyValue } from '../model.js';
import type { EndpointExample, ExampleDelay } from './example.js';

/** More than this many examples on one endpoint is not a list a person picks from. */
export const MAX_EXAMPLES = 100;
export const MAX_EXAMPLE_NAME_LENGTH = 200;
/** A body larger than this is a download, not an example; it would slow every read of the endpoint. */
export const MAX_EXAMPLE_BODY_LENGTH = 2 * 1024 * 1024;
const MAX_HEADERS = 100;
const MAX_HEADER_LENGTH = 8 * 1024;
/** A delay longer than this is a hang, not a slow API. */
export const MAX_EXAMPLE_DELAY_MS = 60_000;

const FIELDS = ['name', 'status', 'headers', 'body', 'mockStatus', 'delay'] as const;
/** An RFC 9110 field name. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function readHeaders(value: unknown, label: string): KeyValue[] {
  const rows = readList(value, label);
  if (rows.length > MAX_HEADERS) throw invalid(`${label} has ${rows.length} headers; keep at most ${MAX_HEADERS}`);
  return rows.map((item, index) => {
    const row = readRecord(item, `${label}[${index}]`);
    refuseUnknown(row, ['key', 'value', 'enabled'], `${label}[${index}]`);
    const key = readString(row.key, `${label}[${index}].key`, 256);
    if (!HEADER_NAME.test(key)) throw invalid(`${label}[${index}].key "${key}" is not a header name`);
    const text = readString(row.value, `${label}[${index}].value`, MAX_HEADER_LENGTH);
    // A header value never holds a line break: it would end the header on the wire.
    if (/[\r\n\0]/.test(text)) throw invalid(`${label}[${index}].value must not hold a line break`);
    const enabled = row.enabled === undefined ? true : readBoolean(row.enabled, `${label}[${index}].enabled`);
    return enabled ? { key, value: text } : { key, value: text, enabled };
  });
}

function readDelay(value: unknown, label: string): ExampleDelay {
  const delay = readRecord(value, label);
  refuseUnknown(delay, ['minMs', 'maxMs'], label);
  const minMs = readWhole(delay.minMs, `${label}.minMs`, 0, MAX_EXAMPLE_DELAY_MS);
  const maxMs = delay.maxMs === undefined ? minMs : readWhole(delay.maxMs, `${label}.maxMs`, 0, MAX_EXAMPLE_DELAY_MS);
  if (maxMs < minMs) throw invalid(`${label}.maxMs (${maxMs}) must not be less than minMs (${minMs})`);
  return { minMs, maxMs };
}

export function readExample(value: unknown, label: string): EndpointExample {
  const record = readRecord(value, label);
  refuseUnknown(record, FIELDS, label);
  const name = readString(record.name, `${label}.name`, MAX_EXAMPLE_NAME_LENGTH).trim();
  if (name === '') throw invalid(`${label}.name must not be empty: name the example, like "200 OK" or "Not found"`);
  const example: EndpointExample = {
    name,
    status: readWhole(record.status, `${label}.status`, 100, 599),
    headers: record.headers === undefined ? [] : readHeaders(record.headers, `${label}.headers`),
    body: record.body === undefined ? '' : readString(record.body, `${label}.body`, MAX_EXAMPLE_BODY_LENGTH),
  };
  if (record.mockStatus !== undefined && record.mockStatus !== null) {
    example.mockStatus = readWhole(record.mockStatus, `${label}.mockStatus`, 100, 599);
  }
  if (record.delay !== undefined && record.delay !== null) example.delay = readDelay(record.delay, `${label}.delay`);
  return example;
}

/**
 * An endpoint's examples as they arrive (the window, an agent, an imported file), checked one by one; `where`
 * names the list in messages. Names must be unique: `Prefer: example=<name>` picks one by it.
 */
export function readExamples(value: unknown, where: string): EndpointExample[] {
  const items = readList(value, where);
  if (items.length > MAX_EXAMPLES) {
    throw invalid(`${where} has ${items.length} examples; keep at most ${MAX_EXAMPLES}`);
  }
  const examples = items.map((item, index) => readExample(item, `${where}[${index}]`));
  const seen = new Set<string>();
  for (const [index, example] of examples.entries()) {
    if (seen.has(example.name)) {
      throw invalid(`${where}[${index}].name "${example.name}" is taken by an earlier example; names must differ`);
    }
    seen.add(example.name);
  }
  return examples;
}

/** A name not yet taken among `names`: `base`, else `base 2`, `base 3`… (imports of unnamed examples). */
export function freeExampleName(base: string, names: ReadonlySet<string>): string {
  const trimmed =
    base
      .trim()
      .slice(0, MAX_EXAMPLE_NAME_LENGTH - 6)
      .trim() || 'Example';
  if (!names.has(trimmed)) return trimmed;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${trimmed} ${suffix}`;
    if (!names.has(candidate)) return candidate;
  }
}
