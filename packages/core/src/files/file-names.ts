/*
 * File and directory names made from request, folder and environment names, safe on every system the folder may
 * be checked out on: Windows refuses `<>:"/\|?*`, control characters, names ending in a dot or a space and its
 * device names (CON, NUL, COM1…); macOS and Windows fold case, so two names that differ only in case are one file.
 */

/** Enough to tell requests apart in a listing, and well under every file system's 255-byte limit with a suffix. */
export const MAX_STEM_BYTES = 120;

const UNSAFE = /[<>:"/\\|?*\p{Cc}]/gu;
/** Device names, also with an extension (`con.txt`) and the superscript digits Windows counts as digits. */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;

const encoder = new TextEncoder();

function capBytes(text: string, max: number): string {
  if (encoder.encode(text).length <= max) return text;
  let result = '';
  let bytes = 0;
  for (const character of text) {
    const size = encoder.encode(character).length;
    if (bytes + size > max) break;
    result += character;
    bytes += size;
  }
  return result;
}

/**
 * A name as a file name without its extension: unsafe characters become `_`, a leading dot (a hidden file, which
 * the reader skips) becomes `_`, trailing dots and spaces go, device names get a `_`, long names are cut.
 */
export function safeFileStem(name: string, fallback: string, maxBytes = MAX_STEM_BYTES): string {
  let stem = name.normalize('NFC').replace(UNSAFE, '_').trim();
  stem = stem.replace(/^\.+/, (dots) => '_'.repeat(dots.length));
  stem = capBytes(stem, maxBytes).replace(/[. ]+$/, '');
  if (stem === '') return fallback;
  return DEVICE.test(stem) ? `${stem}_` : stem;
}

/** How two names compare on a file system that folds case and Unicode forms. */
export function fileNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/**
 * A name `stem + extension` not yet in `taken` (the directory's entries, as `fileNameKey`): the stem itself, else
 * `stem 2`, `stem 3`… The first to ask keeps the plain name, so names depend only on the order they are asked in.
 * Adds the result to `taken` and returns it, extension included.
 */
export function claimName(stem: string, extension: string, taken: Set<string>): string {
  let candidate = `${stem}${extension}`;
  for (let suffix = 2; taken.has(fileNameKey(candidate)); suffix++) {
    const tail = ` ${suffix}`;
    candidate = `${capBytes(stem, MAX_STEM_BYTES - tail.length).replace(/[. ]+$/, '')}${tail}${extension}`;
  }
  taken.add(fileNameKey(candidate));
  return candidate;
}
