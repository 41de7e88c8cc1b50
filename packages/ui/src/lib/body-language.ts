import type { KeyValue } from '@client/core';
import type { EditorLanguage } from './editor/languages.js';

/** The syntaxes a text body is written in, each with the Content-Type that announces it. */
export const TEXT_SYNTAXES: readonly { language: EditorLanguage; label: string; contentType: string }[] = [
  { language: 'text', label: 'Plain text', contentType: 'text/plain' },
  { language: 'xml', label: 'XML', contentType: 'application/xml' },
  { language: 'graphql', label: 'GraphQL', contentType: 'application/graphql' },
];

/** The request's own Content-Type header, if it sets one. */
export function contentTypeOf(headers: readonly KeyValue[]): string | undefined {
  return headers.find((header) => header.key.trim().toLowerCase() === 'content-type')?.value;
}

/** How a text body is coloured: by the Content-Type the request sends (`application/soap+xml` is XML). */
export function textLanguageOf(contentType: string | undefined): EditorLanguage {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (/[/+]xml$/.test(mediaType)) return 'xml';
  if (/[/+]graphql$/.test(mediaType)) return 'graphql';
  return 'text';
}

/** The headers with this Content-Type: the first such header changed in place, else one added at the end. */
export function withContentType(headers: readonly KeyValue[], value: string): KeyValue[] {
  const at = headers.findIndex((header) => header.key.trim().toLowerCase() === 'content-type');
  if (at < 0) return [...headers, { key: 'Content-Type', value }];
  return headers.map((header, index) => (index === at ? { ...header, value } : header));
}
