import { isEnabled, type KeyValue } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BulkSeparator, formatBulkText, parseBulkText } from './bulk-edit.js';

const separators: BulkSeparator[] = [':', '='];

/** Rows as a table holds them, names and values anything, some switched off. */
const rows = fc.array(
  fc
    .record({ key: fc.string(), value: fc.string(), off: fc.boolean() })
    .map(({ key, value, off }): KeyValue => (off ? { key, value, enabled: false } : { key, value })),
  { maxLength: 12 },
);

/** The rows a text keeps: every row but those with nothing in them that are on. */
const written = (list: readonly KeyValue[]) =>
  list.filter((row) => row.key !== '' || row.value !== '' || !isEnabled(row));

describe('the text view of headers and params', () => {
  it('writes headers as "name: value" and params as "name=value", // in front of a row that is off', () => {
    const list: KeyValue[] = [
      { key: 'Accept', value: 'application/json' },
      { key: 'X-Debug', value: '1', enabled: false },
    ];
    expect(formatBulkText(list, ':')).toEqual({ ok: true, text: 'Accept: application/json\n//X-Debug: 1' });
    expect(formatBulkText(list, '=')).toEqual({ ok: true, text: 'Accept=application/json\n//X-Debug=1' });
  });

  it('reads what people type: spaces around, blank lines, "// name", a name alone, a value holding the separator', () => {
    expect(parseBulkText('  Accept :  text/html \n\n// X-Off: 1\r\nX-Flag\nX-Time: 12:30', ':')).toEqual([
      { key: 'Accept', value: 'text/html' },
      { key: 'X-Off', value: '1', enabled: false },
      { key: 'X-Flag', value: '' },
      { key: 'X-Time', value: '12:30' },
    ]);
    expect(parseBulkText('q=a=b\n//page=2', '=')).toEqual([
      { key: 'q', value: 'a=b' },
      { key: 'page', value: '2', enabled: false },
    ]);
  });

  it('refuses, naming the row, rows the text could not give back as they are', () => {
    expect(formatBulkText([{ key: 'a=b', value: '1' }], '=')).toEqual({
      ok: false,
      problem: 'the name "a=b" holds "="; edit it in the table',
    });
    expect(formatBulkText([{ key: 'X', value: 'two\nlines' }], ':')).toMatchObject({ ok: false });
    expect(formatBulkText([{ key: '//x', value: '1' }], '=')).toMatchObject({ ok: false });
    expect(formatBulkText([{ key: 'x', value: ' padded' }], '=')).toMatchObject({ ok: false });
  });

  it('gives back every row it writes, switched on or off, in order (property)', () => {
    fc.assert(
      fc.property(rows, fc.constantFrom(...separators), (list, separator) => {
        const text = formatBulkText(list, separator);
        if (!text.ok) return;
        expect(parseBulkText(text.text, separator)).toEqual(written(list));
      }),
    );
  });

  it('reads any text into rows, and rows read from text survive another round trip (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...separators), (typed, separator) => {
        const parsed = parseBulkText(typed, separator);
        const again = formatBulkText(parsed, separator);
        if (again.ok) expect(parseBulkText(again.text, separator)).toEqual(written(parsed));
      }),
    );
  });

  it('writes and gives back every table of trimmed, one-line rows whose names avoid the separator (property)', () => {
    const plain = fc.string().map((text) => text.replace(/[\r\n:=/]/g, '').trim());
    const tidy = fc.array(
      fc.record({ key: plain, value: plain, off: fc.boolean() }).map(({ key, value, off }) => ({
        key,
        value,
        ...(off ? { enabled: false } : {}),
      })),
    );
    fc.assert(
      fc.property(tidy, fc.constantFrom(...separators), (list, separator) => {
        const text = formatBulkText(list, separator);
        expect(text.ok).toBe(true);
        if (text.ok) expect(parseBulkText(text.text, separator)).toEqual(written(list));
      }),
    );
  });
});
