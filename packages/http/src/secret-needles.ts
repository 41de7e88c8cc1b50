import { encodeQueryText } from '@client/core';
import { secretView } from './secret-view.js';

/**
 * Shorter secrets (a PIN, a port used as a password) are too likely to occur in unrelated text (`127.0.0.1:4567`):
 * they are masked only where they stand as a whole value, between the edges of `VALUE_EDGES`.
 */
export const MIN_FREE_TEXT_SECRET = 6;
/** Before or after a short secret that stands as a whole value: JSON, XML and form delimiters, spaces. */
const VALUE_EDGES = new Set([...' \t"\'=&;,<>'].map((character) => character.charCodeAt(0)));

/**
 * What to look for in a `SecretView`: `text` in its bytes (`folded` when case does not count), and where it may
 * stand: anywhere, as a whole value, or (a secret of digits) not next to another digit.
 */
export interface SecretNeedle {
  text: string;
  folded: boolean;
  where: 'anywhere' | 'whole-value' | 'between-non-digits';
}

/** `\u` escapes for every character outside printable ASCII, `\/` for `/`, as Python's json.dumps and PHP write. */
function jsonAsciiEscaped(text: string, upperHex: boolean): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, (character) => {
      const hex = character.charCodeAt(0).toString(16).padStart(4, '0');
      return `\\u${upperHex ? hex.toUpperCase() : hex}`;
    });
}

function htmlEscaped(text: string): string {
  return [...text].map((character) => `&#x${(character.codePointAt(0) ?? 0).toString(16)};`).join('');
}

/** How a server may write text it echoes; the view decodes most of these, and matching them all keeps edge cases. */
function textForms(secret: string): string[] {
  return [secret, secret.toLowerCase(), secret.toUpperCase()].flatMap((variant) => [
    variant,
    encodeQueryText(variant),
    encodeURIComponent(variant),
    encodeURIComponent(encodeURIComponent(variant)),
    new URLSearchParams([['', variant]]).toString().slice(1),
    JSON.stringify(variant).slice(1, -1),
    jsonAsciiEscaped(variant, false),
    jsonAsciiEscaped(variant, true),
    htmlEscaped(variant),
  ]);
}

function base64Forms(bytes: Buffer): string[] {
  const base64 = bytes.toString('base64');
  return [base64, base64.replace(/=+$/, ''), bytes.toString('base64url')];
}

/**
 * Base64 of the secret and of the secret inside a longer value: there each 3-byte group of the secret that starts
 * on a multiple of 3 of the whole encodes to 4 characters of its own, so the run of whole groups is in the
 * encoding at whichever of the 3 offsets the secret starts.
 */
function binaryForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = [...base64Forms(bytes)];
  for (const skipped of [0, 1, 2]) {
    const groups = Math.floor((bytes.length - skipped) / 3);
    if (groups > 0) forms.push(...base64Forms(bytes.subarray(skipped, skipped + groups * 3)));
  }
  return forms;
}

/** Every needle that finds `secret` (or text the app derived from secrets) in a `SecretView`. */
export function secretNeedles(secret: string): SecretNeedle[] {
  const short = [...secret].length < MIN_FREE_TEXT_SECRET;
  const where = short ? 'whole-value' : /^[0-9]+$/.test(secret) ? 'between-non-digits' : 'anywhere';
  const needles: SecretNeedle[] = textForms(secret).map((form) => {
    const text = secretView(form).folded;
    // Escapes in a secret (`%41%42`) can decode to fewer bytes than it has characters.
    return { text, folded: true, where: text.length < MIN_FREE_TEXT_SECRET ? 'whole-value' : where };
  });
  // Binary forms of a short secret are too short not to occur by chance.
  if (!short) {
    const hex = Buffer.from(secret, 'utf8').toString('hex');
    needles.push({ text: hex, folded: true, where: 'anywhere' });
    for (const form of binaryForms(secret))
      needles.push({ text: secretView(form).bytes, folded: false, where: 'anywhere' });
  }
  return needles.filter((needle) => needle.text !== '');
}

/** True when the match of `length` bytes at `at` in `view` may be masked where the needle says it may stand. */
export function standsWhereAllowed(
  view: { bytes: string; breakBefore: Uint8Array },
  at: number,
  length: number,
  where: SecretNeedle['where'],
): boolean {
  if (where === 'anywhere') return true;
  const end = at + length;
  const before = at === 0 ? -1 : view.bytes.charCodeAt(at - 1);
  const after = end >= view.bytes.length ? -1 : view.bytes.charCodeAt(end);
  if (where === 'between-non-digits') return !isDigit(before) && !isDigit(after);
  const edgeBefore = before === -1 || view.breakBefore[at] === 1 || VALUE_EDGES.has(before);
  const edgeAfter = after === -1 || view.breakBefore[end] === 1 || VALUE_EDGES.has(after);
  return edgeBefore && edgeAfter;
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}
