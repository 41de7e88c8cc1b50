import { type EndpointBody, type KeyValue, keptEnabled } from '@client/core';
import { findJsonProblem } from './editor/template-json.js';

export type BodyMode = EndpointBody['mode'];

export const BODY_MODES: readonly { mode: BodyMode; label: string }[] = [
  { mode: 'none', label: 'None' },
  { mode: 'json', label: 'JSON' },
  { mode: 'text', label: 'Text' },
  { mode: 'urlencoded', label: 'Form URL-encoded' },
  { mode: 'multipart', label: 'Multipart form' },
  { mode: 'file', label: 'File' },
  { mode: 'graphql', label: 'GraphQL' },
];

function bodyText(body: EndpointBody): string {
  if (body.mode === 'graphql') return body.query;
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
 * Switches a body to another mode, carrying over what still makes sense (text between JSON, text and a GraphQL query,
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
    case 'graphql':
      return { mode, query: bodyText(body), variables: '' };
  }
}

/** A private-use character, which JSON.stringify writes as it is and no real body holds, marks a stand-in. */
const STAND_IN = '\uE000';
const STAND_INS = /"\uE000(\d+)\uE000"/g;

/**
 * Re-indents a JSON body with two spaces, `{{variables}}` standing for values kept as typed; text that is not
 * JSON is returned unchanged.
 */
export function formatJsonBody(text: string): string {
  const placeholders: string[] = [];
  let stood = '';
  let last = 0;
  const problem = findJsonProblem(text, (from, to) => {
    // A string stands in for the placeholder while JSON.parse and JSON.stringify run.
    stood += `${text.slice(last, from)}"${STAND_IN}${placeholders.length}${STAND_IN}"`;
    placeholders.push(text.slice(from, to));
    last = to;
  });
  if (problem !== null) return text;
  const pretty = JSON.stringify(JSON.parse(stood + text.slice(last)), null, 2);
  return pretty.replace(STAND_INS, (_whole, index: string) => placeholders[Number(index)] ?? '');
}
