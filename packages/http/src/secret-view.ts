/**
 * A text as UTF-8 bytes once every encoding a server may wrap an echoed value in is undone (HTML character
 * references, JSON string escapes, percent-encoding twice over, `+` for a space, line breaks that wrap a long
 * value), each byte with the range of the text it came from, so a secret found in the bytes is masked in the text.
 * Decoding escapes wherever they stand also finds a secret written half escaped (`\/`, `\u00e4`, `%2f`) or split by
 * an escape.
 */
export interface SecretView {
  /** One character per byte (latin1), for `indexOf`. */
  bytes: string;
  /** `bytes` with ASCII letters in lower case. */
  folded: string;
  starts: Int32Array;
  ends: Int32Array;
  /** Whether a line break was dropped just before the byte: it still separates words for the short-secret rule. */
  breakBefore: Uint8Array;
}

class Units {
  bytes: number[] = [];
  starts: number[] = [];
  ends: number[] = [];
  breaks: number[] = [];

  push(byte: number, start: number, end: number, brokenBefore = 0): void {
    this.bytes.push(byte);
    this.starts.push(start);
    this.ends.push(end);
    this.breaks.push(brokenBefore);
  }

  pushCodePoint(codePoint: number, start: number, end: number): void {
    for (const byte of utf8Of(codePoint)) this.push(byte, start, end);
  }
}

/** UTF-8 of a code point; a lone surrogate as its three-byte form, the same in a text and in a secret. */
function utf8Of(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000) {
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  }
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 0x3f),
    0x80 | ((codePoint >> 6) & 0x3f),
    0x80 | (codePoint & 0x3f),
  ];
}

function unitsOf(text: string): Units {
  const units = new Units();
  let index = 0;
  while (index < text.length) {
    const codePoint = text.codePointAt(index) ?? 0;
    const end = index + (codePoint > 0xffff ? 2 : 1);
    units.pushCodePoint(codePoint, index, end);
    index = end;
  }
  return units;
}

/** The text of `from`'s bytes `start` to `end`, to match an escape against. */
function ascii(from: Units, start: number, end: number): string {
  return String.fromCharCode(...from.bytes.slice(start, Math.min(end, from.bytes.length)));
}

/**
 * One decoding pass, none when no byte is `trigger`: at each byte `decode` may say how many bytes an escape there takes and the code points or
 * bytes it stands for; those take the range of the whole escape.
 */
function decodePass(
  from: Units,
  trigger: number,
  decode: (at: number) => { length: number; codePoints?: number[]; byte?: number } | null,
): Units {
  if (!from.bytes.includes(trigger)) return from;
  const to = new Units();
  let at = 0;
  while (at < from.bytes.length) {
    const decoded = decode(at);
    if (decoded === null) {
      to.push(from.bytes[at] ?? 0, from.starts[at] ?? 0, from.ends[at] ?? 0, from.breaks[at]);
      at += 1;
      continue;
    }
    const start = from.starts[at] ?? 0;
    const end = from.ends[at + decoded.length - 1] ?? 0;
    if (decoded.byte !== undefined) to.push(decoded.byte, start, end, from.breaks[at]);
    for (const codePoint of decoded.codePoints ?? []) to.pushCodePoint(codePoint, start, end);
    at += decoded.length;
  }
  return to;
}

const NAMED_REFERENCES: Record<string, number> = {
  amp: 0x26,
  lt: 0x3c,
  gt: 0x3e,
  quot: 0x22,
  apos: 0x27,
  sol: 0x2f,
  colon: 0x3a,
  equals: 0x3d,
  plus: 0x2b,
  percnt: 0x25,
  num: 0x23,
  excl: 0x21,
  quest: 0x3f,
  commat: 0x40,
  comma: 0x2c,
  period: 0x2e,
  lowbar: 0x5f,
  nbsp: 0xa0,
};
const REFERENCE = /^&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([a-zA-Z]{2,6}));/;

function htmlReferences(from: Units): Units {
  return decodePass(from, 0x26, (at) => {
    if (from.bytes[at] !== 0x26) return null;
    const found = REFERENCE.exec(ascii(from, at, at + 12));
    if (found === null) return null;
    const [whole, hex, decimal, name] = found;
    const codePoint =
      hex !== undefined
        ? Number.parseInt(hex, 16)
        : decimal !== undefined
          ? Number.parseInt(decimal, 10)
          : NAMED_REFERENCES[name?.toLowerCase() ?? ''];
    if (codePoint === undefined || codePoint > 0x10ffff) return null;
    return { length: whole.length, codePoints: [codePoint] };
  });
}

const JSON_SHORT_ESCAPES: Record<string, number> = {
  '"': 0x22,
  "'": 0x27,
  '\\': 0x5c,
  '/': 0x2f,
  b: 0x08,
  f: 0x0c,
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
};
const UNICODE_ESCAPE = /^\\u([0-9a-fA-F]{4})(?:\\u([dD][c-fC-F][0-9a-fA-F]{2}))?/;

function jsonEscapes(from: Units): Units {
  return decodePass(from, 0x5c, (at) => {
    if (from.bytes[at] !== 0x5c) return null;
    const short = JSON_SHORT_ESCAPES[String.fromCharCode(from.bytes[at + 1] ?? 0)];
    if (short !== undefined) return { length: 2, byte: short };
    const found = UNICODE_ESCAPE.exec(ascii(from, at, at + 12));
    if (found === null) return null;
    const high = Number.parseInt(found[1] ?? '', 16);
    if (found[2] !== undefined && high >= 0xd800 && high < 0xdc00) {
      const low = Number.parseInt(found[2], 16);
      return { length: 12, codePoints: [0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)] };
    }
    return { length: 6, codePoints: [high] };
  });
}

const PERCENT_ESCAPE = /^%([0-9a-fA-F]{2})/;

function percentEscapes(from: Units): Units {
  return decodePass(from, 0x25, (at) => {
    if (from.bytes[at] !== 0x25) return null;
    const found = PERCENT_ESCAPE.exec(ascii(from, at, at + 3));
    return found === null ? null : { length: 3, byte: Number.parseInt(found[1] ?? '', 16) };
  });
}

/** `+` read as the space of a form body; line breaks dropped, remembered on the byte after them. */
function spacesAndBreaks(from: Units): Units {
  if (!from.bytes.some((byte) => byte === 0x2b || byte === 0x0a || byte === 0x0d)) return from;
  const to = new Units();
  let broken = 0;
  from.bytes.forEach((byte, at) => {
    if (byte === 0x0a || byte === 0x0d) {
      broken = 1;
      return;
    }
    to.push(byte === 0x2b ? 0x20 : byte, from.starts[at] ?? 0, from.ends[at] ?? 0, broken | (from.breaks[at] ?? 0));
    broken = 0;
  });
  return to;
}

function latin1(bytes: readonly number[]): string {
  return Buffer.from(bytes).toString('latin1');
}

export function secretView(text: string): SecretView {
  const decoded = spacesAndBreaks(percentEscapes(percentEscapes(jsonEscapes(htmlReferences(unitsOf(text))))));
  return {
    bytes: latin1(decoded.bytes),
    folded: latin1(decoded.bytes.map((byte) => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte))),
    starts: Int32Array.from(decoded.starts),
    ends: Int32Array.from(decoded.ends),
    breakBefore: Uint8Array.from(decoded.breaks),
  };
}
