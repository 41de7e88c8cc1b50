import type { RunVariables } from './run-variables.js';
import { variableText } from './run-variables.js';
import type { OutgoingScriptRequest } from './script-types.js';

const REFERENCE = /\{\{([^{}]+?)\}\}/g;
const MAX_DEPTH = 20;

function textsOf(request: OutgoingScriptRequest): string[] {
  const texts = [request.url];
  for (const header of request.headers) texts.push(header.key, header.value);
  const body = request.body;
  if (body.mode === 'json' || body.mode === 'text') texts.push(body.text);
  else if (body.mode === 'urlencoded') for (const field of body.fields) texts.push(field.key, field.value);
  else if (body.mode === 'multipart')
    for (const part of body.parts) texts.push(part.name, part.value ?? '', part.file ?? '');
  else if (body.mode === 'file') texts.push(body.path);
  else if (body.mode === 'graphql') texts.push(body.query, body.variables, body.operationName ?? '');
  return texts;
}

/**
 * The variables a request uses: each `{{name}}` in its URL, headers and body, and those the values of these names use in
 * turn (`{{base}}` = `https://{{host}}` uses host too). These are the secrets its scripts may read.
 */
export function referencedVariables(request: OutgoingScriptRequest, variables?: RunVariables): Set<string> {
  const used = new Set<string>();
  let pending = textsOf(request);
  for (let depth = 0; depth < MAX_DEPTH && pending.length > 0; depth++) {
    const next: string[] = [];
    for (const text of pending) {
      for (const [, name] of text.matchAll(REFERENCE)) {
        if (name === undefined || used.has(name)) continue;
        used.add(name);
        const value = variables?.resolve(name)?.value;
        if (value !== undefined) next.push(variableText(value));
      }
    }
    pending = next;
  }
  return used;
}
