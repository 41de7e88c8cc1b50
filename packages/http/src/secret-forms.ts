import { encodeQueryText, MASKED_VALUE } from '@client/core';

const MIN_BASE64_SECRET = 8;

/** `\u` escapes for every character outside printable ASCII, as Python's json.dumps and others write. */
function jsonAsciiEscaped(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[^\x20-\x7e]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The forms a secret takes on the wire besides itself, once a URL parser or a multipart encoder has written it
 * out: in a URL's path (and the query it may start; the fragment is never sent), as a query value the app
 * encoded (the parser encodes `'` besides), in a host (lowercased), and as a multipart part's name or file name.
 */
function wireForms(secret: string): string[] {
  const forms = [secret, secret.toLowerCase(), secret.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')];
  const inPath = `http://h/${secret}`;
  if (URL.canParse(inPath)) {
    const url = new URL(inPath);
    forms.push(`${url.pathname.slice(1)}${url.search}`);
  }
  const inQuery = `http://h/?${encodeQueryText(secret)}`;
  if (URL.canParse(inQuery)) forms.push(new URL(inQuery).search.slice(1));
  return forms;
}

/**
 * Every form in which a secret the app sent can come back in a response: each form it takes on the wire, as is,
 * percent-encoded (query, form body) and JSON-escaped (with and without `\u` escapes), as a server may echo it;
 * base64 as in a Basic credential; plus text the app derived from secrets for the wire. Longest first, so a
 * longer form is masked whole before a shorter one inside it could be.
 */
export function secretForms(secrets: readonly string[], derived: readonly string[]): string[] {
  const forms = new Set<string>(derived);
  for (const secret of secrets) {
    for (const form of wireForms(secret)) {
      forms.add(form);
      forms.add(encodeQueryText(form));
      forms.add(encodeURIComponent(form));
      forms.add(new URLSearchParams([['', form]]).toString().slice(1));
      forms.add(JSON.stringify(form).slice(1, -1));
      forms.add(jsonAsciiEscaped(form));
    }
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
