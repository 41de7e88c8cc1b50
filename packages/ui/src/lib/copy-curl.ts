import { toCurlCommand } from '@client/core';
import { copyText } from './clipboard.js';
import type { EditorDraft } from './draft.js';
import { scopeLookup, tokenizeTemplate, type VariableScope } from './variables.js';

/**
 * Copies the endpoint as a bash cURL command with its variables resolved, secrets left as `{{name}}`. Resolves
 * to whether a secret was left out, which the person is told.
 */
export async function copyAsCurl(draft: EditorDraft, scope: VariableScope): Promise<{ secretsLeftOut: boolean }> {
  await copyText(toCurlCommand(draft, scopeLookup(scope, { secret: 'keep' })));
  const secretsLeftOut = [
    draft.path,
    ...draft.headers.map((h) => h.value),
    JSON.stringify(draft.auth),
    JSON.stringify(draft.body),
  ]
    .flatMap((text) => tokenizeTemplate(text, scope))
    .some((part) => part.kind === 'variable' && part.variable?.secret === true);
  return { secretsLeftOut };
}
