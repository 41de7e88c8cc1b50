import { type EndpointBody, type KeyValue, keptEnabled } from '@client/core';

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
      .map((part) => ({ key: part.name, value: part.value ?? '', ...keptEnabled(part.enabled) }));
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
      return {
        mode,
        parts: bodyFields(body).map(({ key, value, enabled }) => ({ name: key, value, ...keptEnabled(enabled) })),
      };
    case 'file':
      return { mode, path: body.mode === 'file' ? body.path : '' };
  }
}

export type JsonCheck = { valid: true } | { valid: false; message: string };

/** Whether a JSON body parses; `{{variables}}` count as values, since they are replaced before sending. */
export function checkJsonBody(text: string): JsonCheck {
  if (text.trim() === '') return { valid: true };
  try {
    JSON.parse(text.replace(/\{\{\s*[A-Za-z0-9_.$-]+\s*\}\}/g, '0'));
    return { valid: true };
  } catch (error) {
    return { valid: false, message: error instanceof Error ? error.message : String(error) };
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
