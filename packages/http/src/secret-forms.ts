import { encodeQueryText, MASKED_VALUE } from '@client/core';

const MIN_BASE64_SECRET = 8;

/** `\u` escapes for every character outside printable ASCII, as Python's json.dumps and others write. */
function jsonAsciiEscaped(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[^\x20-\x7e]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Every form in which a secret the app sent can come back in a response: as sent, percent-encoded (query,
 * form body), JSON-escaped (with and without `\u` escapes), and base64 as in a Basic credential; plus text the
 * app derived from secrets for the wire. Longest first, so a longer form is masked whole before a shorter one
 * inside it could be.
 */
export function secretForms(secrets: readonly string[], derived: readonly string[]): string[] {
  const forms = new Set<string>(derived);
  for (const secret of secrets) {
    forms.add(secret);
    forms.add(encodeQueryText(secret));
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams([['', secret]]).toString().slice(1));
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(jsonAsciiEscaped(secret));
    // Short secrets' base64 is too likely to occur by chance; a Basic credential comes in `derived` anyway.
    if (secret.length >= MIN_BASE64_SECRET) forms.add(Buffer.from(secret, 'utf8').toString('base64'));
  }
  forms.delete('');
  return [...forms].sort((a, b) => b.length - a.length);
}

/** `text` with every form of every secret replaced by the mask. */
export function scrubSecretForms(text: string, forms: readonly string[]): string {
  return forms.reduce((kept, form) => kept.replaceAll(form, MASKED_VALUE), text);
}

/** What masks every one of `forms`, gathered from several requests' `secretForms` (an agent's run), longest first. */
export function scrubberOf(forms: Iterable<string>): (text: string) => string {
  const sorted = [...new Set(forms)].filter((form) => form !== '').sort((a, b) => b.length - a.length);
  return (text) => scrubSecretForms(text, sorted);
}
