/** Characters XML 1.0 cannot hold at all (controls but tab and line breaks, lone surrogates, U+FFFE, U+FFFF). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as an attribute value: escaped, line breaks kept as character references. */
export function xmlAttribute(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

/** Text as a CDATA section; a `]]>` inside is split across two sections. */
export function xmlCdata(text: string): string {
  return `<![CDATA[${text.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}
