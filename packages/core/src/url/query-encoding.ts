/** Characters a query key or value may hold as they are: RFC 3986 query characters that split nothing. */
const KEPT = /[A-Za-z0-9\-._~!$'()*,;:@/?]/;
const PERCENT_ESCAPE = /^%[0-9A-Fa-f]{2}$/;

/**
 * A variable's value as it must stand inside a query key or value: `&`, `=`, `#`, `+`, spaces and anything
 * outside the query characters are percent-encoded (UTF-8), so a value can never split a parameter or end
 * the query. A `%XX` escape already in the value is kept, since values are often copied already encoded.
 */
export function encodeQueryText(text: string): string {
  let encoded = '';
  const characters = [...text];
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index] ?? '';
    if (KEPT.test(character)) {
      encoded += character;
    } else if (character === '%' && PERCENT_ESCAPE.test(characters.slice(index, index + 3).join(''))) {
      encoded += '%';
    } else {
      encoded += encodeCharacter(character);
    }
  }
  return encoded;
}

/** A lone surrogate (not text) cannot be encoded as UTF-8; it goes out as U+FFFD, as a browser sends it. */
function encodeCharacter(character: string): string {
  try {
    return encodeURIComponent(character);
  } catch {
    return '%EF%BF%BD';
  }
}
