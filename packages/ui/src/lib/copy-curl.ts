import { withoutDisabledRows } from '@client/core';
import { copyText } from './clipboard.js';
import type { EditorDraft } from './draft.js';
import { exportEndpoint } from './export/code-export.js';
import { scopeLookup, tokenizeTemplate, type VariableScope } from './variables.js';

/**
 * Copies the endpoint in `format` (cURL, or code in a language) with its variables resolved, secrets left as
 * `{{name}}`. Resolves to whether a secret was left out, which the person is told.
 */
export async function copyAs(
  format: string,
  draft: EditorDraft,
  scope: VariableScope,
): Promise<{ secretsLeftOut: boolean }> {
  await copyText(await exportEndpoint(format, draft, scopeLookup(scope, { secret: 'keep' })));
  const sent = withoutDisabledRows(draft);
  const secretsLeftOut = [
    sent.path,
    ...sent.headers.map((h) => h.value),
    JSON.stringify(sent.auth),
    JSON.stringify(sent.body),
  ]
    .flatMap((text) => tokenizeTemplate(text, scope))
    .some((part) => part.kind === 'variable' && part.variable?.secret === true);
  return { secretsLeftOut };
}
