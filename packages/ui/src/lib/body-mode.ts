import type { EndpointBody, KeyValue } from '@client/core';

export type BodyMode = EndpointBody['mode'];

export const BODY_MODES: readonly { mode: BodyMode; label: string }[] = [
  { mode: 'none', label: 'None' },
  { mode: 'json', label: 'JSON' },
  { mode: 'text', label: 'Text' },
  { mode: 'urlencoded', label: 'Form URL-encoded' },
  { mode: 'multipart', label: 'Multipart form' },
  { mode: 'file', label: 'File' },
];

function bodyText(body: EndpointBody): string {
  return body.mode === 'json' || body.mode === 'text' ? body.text : '';
}

function bodyFields(body: EndpointBody): KeyValue[] {
  if (body.mode === 'urlencoded') return body.fields.map((field) => ({ ...field }));
  if (body.mode === 'multipart') {
    return body.parts
      .filter((part) => part.file === undefined)
      .map((part) => ({ key: part.name, value: part.value ?? '' }));
  }
  return [];
}

/**
 * Switches a body to another mode, carrying over what still makes sense (text between JSON and text,
 * fields between the two form modes), so flipping modes by mistake loses nothing that could be kept.
 */
export function switchBodyMode(body: EndpointBody, mode: BodyMode): EndpointBody {
  if (body.mode === mode) return body;
  switch (mode) {
    case 'none':
      return { mode: 'none' };
    case 'json':
    case 'text':
      return { mode, text: bodyText(body) };
    case 'urlencoded':
      return { mode, fields: bodyFields(body) };
    case 'multipart':
      return { mode, parts: bodyFields(body).map(({ key, value }) => ({ name: key, value })) };
    case 'file':
      return { mode, path: body.mode === 'file' ? body.path : '' };
  }
}

/** Re-indents a JSON body with two spaces; text that does not parse is returned unchanged. */
export function formatJsonBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
