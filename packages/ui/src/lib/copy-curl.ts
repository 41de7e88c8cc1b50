import { withoutDisabledRows } from '@client/core';
import { copyText } from './clipboard.js';
import type { EditorDraft } from './draft.js';
import { exportEndpoint } from './export/code-export.js';
import { scopeLookup, tokenizeTemplate, type VariableScope } from './variables.js';

/** An endpoint written in one format, and whether a secret was left as `{{name}}`, which the person is told. */
export interface ExportedCode {
  code: string;
  secretsLeftOut: boolean;
}

/** The endpoint in `format` (cURL, or code in a language) with its variables resolved, secrets left as `{{name}}`. */
export async function exportedCode(format: string, draft: EditorDraft, scope: VariableScope): Promise<ExportedCode> {
  const code = await exportEndpoint(format, draft, scopeLookup(scope, { secret: 'keep' }));
  const sent = withoutDisabledRows(draft);
  const secretsLeftOut = [
    sent.path,
    ...sent.headers.map((h) => h.value),
    JSON.stringify(sent.auth),
    JSON.stringify(sent.body),
  ]
    .flatMap((text) => tokenizeTemplate(text, scope))
    .some((part) => part.kind === 'variable' && part.variable?.secret === true);
  return { code, secretsLeftOut };
}

/** Copies the endpoint in `format`; resolves to whether a secret was left out. */
export async function copyAs(
  format: string,
  draft: EditorDraft,
  scope: VariableScope,
): Promise<{ secretsLeftOut: boolean }> {
  const { code, secretsLeftOut } = await exportedCode(format, draft, scope);
  await copyText(code);
  return { secretsLeftOut };
}
