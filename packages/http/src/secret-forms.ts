import { encodeQueryText, MASKED_VALUE } from '@client/core';
import { type SecretNeedle, secretNeedles, standsWhereAllowed } from './secret-needles.js';
import { type SecretView, secretView } from './secret-view.js';

/**
 * The texts to mask in any form a server may echo them in: the secrets the app sent and the text it derived from
 * secrets for the wire (a Basic credential's base64). A caller that gathers those of several requests (an agent's
 * run) passes them all to `scrubberOf`.
 */
export function secretForms(secrets: readonly string[], derived: readonly string[]): string[] {
  return [...new Set([...secrets.flatMap(wireForms), ...derived])].filter((text) => text !== '');
}

/**
 * A secret, and the forms it takes on the wire once a URL parser or a multipart encoder has written it out, which
 * decoding an echo cannot lead back to (a parser turns `\` into `/` and drops `..` segments): in a URL's path
 * (and the query it may start), as a query value the app encoded, and as a multipart part's name or file name.
 */
function wireForms(secret: string): string[] {
  const forms = [secret, secret.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')];
  const inPath = `http://h/${secret}`;
  if (URL.canParse(inPath)) {
    const url = new URL(inPath);
    forms.push(`${url.pathname.slice(1)}${url.search}`);
  }
  const inQuery = `http://h/?${encodeQueryText(secret)}`;
  if (URL.canParse(inQuery)) forms.push(new URL(inQuery).search.slice(1));
  return forms;
}

function matches(view: SecretView, needle: SecretNeedle): [number, number][] {
  const haystack = needle.folded ? view.folded : view.bytes;
  const found: [number, number][] = [];
  for (let at = haystack.indexOf(needle.text); at !== -1; at = haystack.indexOf(needle.text, at + 1)) {
    if (!standsWhereAllowed(view, at, needle.text.length, needle.where)) continue;
    found.push([view.starts[at] ?? 0, view.ends[at + needle.text.length - 1] ?? 0]);
  }
  return found;
}

function masked(text: string, ranges: [number, number][]): string {
  ranges.sort((a, b) => a[0] - b[0]);
  let kept = '';
  let from = 0;
  for (const [start, end] of ranges) {
    if (end <= from) continue;
    if (start >= from) kept += `${text.slice(from, start)}${MASKED_VALUE}`;
    from = end;
  }
  return kept + text.slice(from);
}

/**
 * What masks every one of `forms` (from `secretForms`) in a text: as written, in either case, percent-encoded (once
 * or twice, either case of hex), JSON-escaped (`\/`, `\u00e4` or `\u00E4`, wholly or in part), as HTML character
 * references, as base64 or base64url (of it alone or inside a longer value), as hex. A secret shorter than
 * `MIN_FREE_TEXT_SECRET` only where it stands as a whole value; one of digits only where no digit adjoins it.
 */
export function scrubberOf(forms: Iterable<string>): (text: string) => string {
  const needles = new Map<string, SecretNeedle>();
  for (const form of new Set(forms)) {
    for (const needle of secretNeedles(form)) needles.set(`${needle.folded}${needle.where}${needle.text}`, needle);
  }
  if (needles.size === 0) return (text) => text;
  return (text) => {
    const view = secretView(text);
    const ranges = [...needles.values()].flatMap((needle) => matches(view, needle));
    return ranges.length === 0 ? text : masked(text, ranges);
  };
}
