import type { EndpointBody } from '../model.js';

/** The local files a body uploads when sent, as it writes them (variables unresolved), each once, in order. */
export function fileReferences(body: EndpointBody): string[] {
  switch (body.mode) {
    case 'file':
      return [body.path];
    case 'multipart':
      return [...new Set(body.parts.flatMap((part) => (part.file === undefined ? [] : [part.file])))];
    default:
      return [];
  }
}
