import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EndpointDraft } from '../model.js';
import { testDraft } from './endpoint-draft.test-support.js';
import { toJavaCode } from './to-java-code.js';

const lookup = (name: string) => ({ base_url: 'https://api.example.com', word: 'a b' })[name];

const request = (extra: Partial<EndpointDraft> = {}) => testDraft({ path: '/items', ...extra });

/** Any UTF-16 unit (so lone surrogates too) or any character beyond the BMP. */
const unit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
);

/** The program's body literal, as written between `ofByteArray(` and `.getBytes`. */
const bodyLiteral = (code: string | null) => /ofByteArray\((".*")\.getBytes/.exec(code ?? '')?.[1];

describe('toJavaCode', () => {
  it('writes an HTTP/1.1 request with the URL as the app sends it, every header line and the body as UTF-8 bytes', () => {
    const code = toJavaCode(
      request({
        method: 'POST',
        path: '/pay/{{word}}',
        queryParams: [{ key: 'empty', value: '', equals: true }],
        headers: [
          { key: 'X-Tag', value: 'a' },
          { key: 'x-tag', value: 'b' },
        ],
        body: { mode: 'json', text: '{"amount": 1.50}' },
        auth: { type: 'basic', username: 'zoë', password: 'pässwörd' },
      }),
      lookup,
    );
    expect(code).toBe(
      [
        'import java.net.URI;',
        'import java.net.http.HttpClient;',
        'import java.net.http.HttpRequest;',
        'import java.net.http.HttpResponse;',
        'import java.nio.charset.StandardCharsets;',
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
        '    HttpRequest request = HttpRequest.newBuilder(URI.create("https://api.example.com/pay/a%20b?empty="))',
        '        .method("POST", HttpRequest.BodyPublishers.ofByteArray("{\\"amount\\": 1.50}".getBytes(StandardCharsets.UTF_8)))',
        '        .header("X-Tag", "a")',
        '        .header("x-tag", "b")',
        '        .header("Content-Type", "application/json")',
        `        .header("Authorization", "Basic ${Buffer.from('zoë:pässwörd').toString('base64')}")`,
        '        .build();',
        '    HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
        '    System.out.println(response.statusCode());',
        '    System.out.println(response.body());',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('writes text in ASCII escapes Java reads back to the same UTF-16 units, a lone surrogate as U+FFFD', () => {
    const text = 'zoë 😀\n\t"\\u0041\u0001\u007f\ud800';
    const code = toJavaCode(request({ method: 'PUT', body: { mode: 'text', text } }), lookup);
    expect(bodyLiteral(code)).toBe('"zo\\u00eb \\ud83d\\ude00\\n\\t\\"\\\\u0041\\001\\177\\ufffd"');
  });

  it('writes any body text as printable ASCII made only of whole escapes and plain characters', () => {
    fc.assert(
      fc.property(fc.string({ unit }), (text) => {
        const literal =
          bodyLiteral(toJavaCode(request({ method: 'POST', body: { mode: 'text', text } }), lookup)) ?? '';
        const inner = literal.slice(1, -1);
        const tokens = inner.match(/\\u[0-9a-f]{4}|\\[0-7]{3}|\\[nrt"\\]|[ !#-[\]-~]/g) ?? [];
        expect(tokens.join('')).toBe(inner);
        // Java reads a `\u` escape before the string: one of a line break or a quote would end it.
        expect(tokens.filter((token) => /^\\u00(0a|0d|22|5c)$/.test(token))).toEqual([]);
      }),
    );
  });

  it('reads a file body from its path', () => {
    const code = toJavaCode(request({ method: 'PUT', body: { mode: 'file', path: '/tmp/a b.bin' } }), lookup);
    expect(code).toContain('import java.nio.file.Path;');
    expect(code).toContain('.method("PUT", HttpRequest.BodyPublishers.ofFile(Path.of("/tmp/a b.bin")))');
  });

  it('leaves to another writer what HttpClient cannot send as the app does', () => {
    const multipart = { mode: 'multipart' as const, parts: [{ name: 'a', value: '1' }] };
    expect(toJavaCode(request({ method: 'POST', body: multipart }), lookup)).toBeNull();
    expect(toJavaCode(request({ queryParams: [{ key: 'q', value: '{a|b}' }] }), lookup)).toBeNull();
    expect(toJavaCode(request({ headers: [{ key: 'X-Name', value: 'zoë' }] }), lookup)).toBeNull();
    expect(toJavaCode(request({ headers: [{ key: 'connection', value: 'close' }] }), lookup)).toBeNull();
    expect(toJavaCode(request({ method: 'CONNECT' }), lookup)).toBeNull();
  });
});
