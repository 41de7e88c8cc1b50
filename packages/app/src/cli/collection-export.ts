import { writeFileSync } from 'node:fs';
import type { ExportResult } from '@client/core';
import { openStore } from '@client/store';
import { type ExportFormat, exportProject, exportText } from '../collections/export-project.js';
import { refreshLinkedProject } from '../linked/link-project.js';
import { resolveProject } from './collection-import.js';
import type { CliInstall } from './install-location.js';

export { EXPORT_FORMATS } from '../collections/export-project.js';

/** `client export`: the document (JSON) and what was left out or replaced; written to `out` (mode 0600) when given. */
export async function exportCollection(
  install: CliInstall,
  input: { project: string; format: ExportFormat; folder?: string; out?: string },
): Promise<{ text: string; warnings: string[] }> {
  const store = openStore(install.databasePath);
  let result: ExportResult;
  try {
    const projectId = resolveProject(store, input.project);
    // A linked project is exported as its files say now, also when they changed while nothing ran.
    refreshLinkedProject(store, projectId);
    result = exportProject(store, projectId, input.format, input.folder);
  } finally {
    await store.close();
  }
  const text = exportText(result);
  if (input.out !== undefined) writeFileSync(input.out, text, { mode: 0o600 });
  return { text, warnings: result.warnings };
}
