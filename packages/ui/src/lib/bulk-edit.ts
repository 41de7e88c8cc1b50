import { isEnabled, type KeyValue } from '@client/core';

/**
 * The text view of a table of rows, as Postman and Insomnia write it: one row a line, `name: value` for headers
 * and `name=value` for query params, `//` in front of a row that is switched off.
 */
export type BulkSeparator = ':' | '=';

const DISABLED = '//';

/** How `row` is written, separator and all; a header's value follows one space, as headers are written. */
function rowLine(row: KeyValue, separator: BulkSeparator): string {
  const joint = separator === ':' ? ': ' : '=';
  return `${isEnabled(row) ? '' : DISABLED}${row.key}${joint}${row.value}`;
}

/** Why this row would not come back the same from its line, or null when it would. */
function rowProblem(row: KeyValue, separator: BulkSeparator): string | null {
  const name = row.key === '' ? 'a row without a name' : `"${row.key}"`;
  if (/[\r\n]/.test(row.key) || /[\r\n]/.test(row.value)) return `${name} holds a line break`;
  if (row.key.includes(separator)) return `the name ${name} holds "${separator}"`;
  if (row.key.startsWith(DISABLED)) return `the name ${name} starts with ${DISABLED}`;
  if (row.key !== row.key.trim() || row.value !== row.value.trim()) return `${name} starts or ends with a space`;
  return null;
}

export type BulkText = { ok: true; text: string } | { ok: false; problem: string };

/**
 * The rows as text, or what keeps them from it: a row the text could not give back as it is (a name holding
 * the separator, a line break, a space at an end) would be changed by a round trip, so the table stays.
 * Rows with neither name nor value have nothing to write and are left out.
 */
export function formatBulkText(rows: readonly KeyValue[], separator: BulkSeparator): BulkText {
  const written = rows.filter((row) => row.key !== '' || row.value !== '' || !isEnabled(row));
  for (const row of written) {
    const problem = rowProblem(row, separator);
    if (problem !== null) return { ok: false, problem: `${problem}; edit it in the table` };
  }
  return { ok: true, text: written.map((row) => rowLine(row, separator)).join('\n') };
}

/**
 * The rows a text view holds, in order: blank lines skipped, names and values trimmed, a line without the
 * separator a name with an empty value. Every text gives rows; nothing is refused.
 */
export function parseBulkText(text: string, separator: BulkSeparator): KeyValue[] {
  return text.split(/\r?\n|\r/).flatMap((line) => {
    if (line.trim() === '') return [];
    const disabled = line.trimStart().startsWith(DISABLED);
    const rest = disabled ? line.trimStart().slice(DISABLED.length) : line;
    const at = rest.indexOf(separator);
    const key = (at < 0 ? rest : rest.slice(0, at)).trim();
    const value = at < 0 ? '' : rest.slice(at + 1).trim();
    return [{ key, value, ...(disabled ? { enabled: false } : {}) }];
  });
}
