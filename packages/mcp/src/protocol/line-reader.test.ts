import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineReader } from './line-reader.js';

function reader(maxLineBytes = 1024) {
  const lines: string[] = [];
  let oversized = 0;
  const lineReader = new LineReader(
    maxLineBytes,
    (line) => lines.push(line),
    () => {
      oversized += 1;
    },
  );
  return { lineReader, lines, oversized: () => oversized };
}

describe('LineReader', () => {
  it('gives each newline-ended line once, joined across chunks, without a CR before the newline', () => {
    const { lineReader, lines } = reader();
    lineReader.push(Buffer.from('{"a":1}\n{"b"'));
    lineReader.push(Buffer.from(':2}\r\n'));
    lineReader.push(Buffer.from('{"c":3}'));

    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    lineReader.push(Buffer.from('\n'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('skips blank lines', () => {
    const { lineReader, lines } = reader();
    lineReader.push(Buffer.from('\n\r\n  \n{"a":1}\n'));
    expect(lines).toEqual(['{"a":1}']);
  });

  it('decodes a UTF-8 character split between two chunks', () => {
    const { lineReader, lines } = reader();
    const bytes = Buffer.from('"é•"\n');
    lineReader.push(bytes.subarray(0, 2));
    lineReader.push(bytes.subarray(2));
    expect(lines).toEqual(['"é•"']);
  });

  it('skips a line longer than the limit up to its newline, reports it once, and reads the next line', () => {
    const { lineReader, lines, oversized } = reader(8);
    lineReader.push(Buffer.from('0123456'));
    lineReader.push(Buffer.from('789abcdef'));
    lineReader.push(Buffer.from('ghij\n{"a":1}\n'));

    expect(oversized()).toBe(1);
    expect(lines).toEqual(['{"a":1}']);
  });

  it('gives the same lines however the bytes are cut into chunks', () => {
    const line = fc.string({ unit: 'grapheme' }).filter((text) => !text.includes('\n') && text.trim() !== '');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 8 }), (sent, cuts) => {
        const bytes = Buffer.from(sent.map((text) => `${text}\n`).join(''));
        const { lineReader, lines } = reader(1 << 20);
        let start = 0;
        for (const cut of cuts) {
          const end = Math.min(bytes.length, start + (cut % 16));
          lineReader.push(bytes.subarray(start, end));
          start = end;
        }
        lineReader.push(bytes.subarray(start));
        expect(lines).toEqual(sent.map((text) => (text.endsWith('\r') ? text.slice(0, -1) : text)));
      }),
    );
  });
});
