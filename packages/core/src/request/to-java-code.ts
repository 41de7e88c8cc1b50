import { exportedRequest, namesFramingHeader } from './exported-request.js';
import type { VariableLookup } from './template.js';
import type { CurlRequest } from './to-curl-command.js';

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A Java string literal of any text, in ASCII so that the source reads the same in any encoding `javac` assumes
 * (Java 17 takes the platform's). Control characters are octal escapes, not `\u` ones: Java reads `\u000a` as a
 * line break before it reads the string.
 */
function javaLiteral(text: string): string {
  const escaped = Array.from(text, (character) => {
    const short = SHORT_ESCAPES[character];
    if (short !== undefined) return short;
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return `\\${code.toString(8).padStart(3, '0')}`;
    if (code < 0x80) return character;
    // Each UTF-16 unit, so a character beyond the BMP is its surrogate pair, as Java's String holds it.
    return Array.from(
      { length: character.length },
      (_, index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`,
    ).join('');
  });
  return `"${escaped.join('')}"`;
}

/**
 * Text whose UTF-8 bytes Java writes as the app does: a lone surrogate becomes U+FFFD, as the app's encoder makes
 * it, where Java's `getBytes` would write `?`.
 */
const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');

/** A URL `java.net.URI` takes as it is: RFC 2396's characters after the authority, every `%` an escape. */
const JAVA_URI = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(?:[A-Za-z0-9\-._~!*'();:@&=+$,/?]|%[0-9A-Fa-f]{2})*$/;

/**
 * The endpoint as a Java 11+ program on `java.net.http.HttpClient`, which sends what the app sends but for what
 * HttpClient itself decides, said in the code: it writes the headers sorted by name, a repeat on a line of its
 * own under the first one's spelling, and Java 17 says `Content-Length: 0` on any request without a body
 * (JDK-8283544, fixed in Java 19). HTTP/1.1 is forced, else HttpClient asks to upgrade (`Upgrade: h2c`). The body
 * is the exact UTF-8 bytes. Null where `exportedRequest` is, for a URL `URI` refuses (`{`, `|`…), a header value
 * beyond ASCII (HttpClient writes `?` for it), a header HttpClient refuses (Host, Connection, Content-Length,
 * Expect, Upgrade), and CONNECT.
 */
export function toJavaCode(written: CurlRequest, lookup: VariableLookup): string | null {
  const request = exportedRequest(written, lookup);
  if (request === null || request.method === 'CONNECT' || !JAVA_URI.test(request.url)) return null;
  if (namesFramingHeader(request) || request.headers.some(({ value }) => /[^\t -~]/.test(value))) return null;
  const { body } = request;
  const publisher =
    body === null
      ? 'HttpRequest.BodyPublishers.noBody()'
      : 'file' in body
        ? `HttpRequest.BodyPublishers.ofFile(Path.of(${javaLiteral(body.file)}))`
        : `HttpRequest.BodyPublishers.ofByteArray(${javaLiteral(wellFormed(body.text))}.getBytes(StandardCharsets.UTF_8))`;
  const lines = [
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    ...(body === null
      ? []
      : ['file' in body ? 'import java.nio.file.Path;' : 'import java.nio.charset.StandardCharsets;']),
    '',
    'public class Main {',
    '  public static void main(String[] args) throws Exception {',
    '    // HTTP/1.1, as the app sends: left to choose, HttpClient asks to upgrade to HTTP/2 (Upgrade: h2c).',
    '    HttpClient client = HttpClient.newBuilder()',
    '        .version(HttpClient.Version.HTTP_1_1)',
    '        .followRedirects(HttpClient.Redirect.NORMAL)',
    '        .build();',
    '    // HttpClient sorts the headers by name and writes a repeat under the first spelling; Java 17 adds',
    '    // Content-Length: 0 to a request without a body.',
    `    HttpRequest request = HttpRequest.newBuilder(URI.create(${javaLiteral(request.url)}))`,
    `        .method(${javaLiteral(request.method)}, ${publisher})`,
    ...request.headers.map(({ key, value }) => `        .header(${javaLiteral(key)}, ${javaLiteral(value)})`),
    '        .build();',
    '    HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    '    System.out.println(response.statusCode());',
    '    System.out.println(response.body());',
    '  }',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
