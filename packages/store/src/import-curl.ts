import { type ImportRequest, type ParsedCurl, parseCurl, planEndpoint } from '@client/core';
import type { ImportEndpointInput, ImportOutcome } from './import-endpoint.js';

interface Importer {
  importEndpoint(input: ImportEndpointInput): ImportOutcome;
}

/**
 * The one import path: `parseCurl` (VALIDATION when the command cannot be read), `planEndpoint` with the
 * request's name, then the import transaction. Options the parser ignored come back as `curlWarnings`.
 */
export function importCurl(
  importer: Importer,
  request: ImportRequest,
  writtenBy: ImportEndpointInput['writtenBy'] = 'agent',
): ImportOutcome {
  return importParsedCurl(importer, request, parseCurl(request.command), writtenBy);
}

/** `importCurl` for a command parsed elsewhere (the control plane parses on threads of its own). */
export function importParsedCurl(
  importer: Importer,
  request: Omit<ImportRequest, 'command'>,
  parsed: ParsedCurl,
  writtenBy: ImportEndpointInput['writtenBy'] = 'agent',
): ImportOutcome {
  const planned = planEndpoint(parsed, request.name);
  // Rows sent with the command (`save_curl`'s `tests`) are saved with the endpoint, already checked by the reader.
  if (request.tests !== undefined) planned.draft.tests = request.tests;
  const input: ImportEndpointInput = { planned, writtenBy };
  if (request.projectId !== undefined) input.projectId = request.projectId;
  if (request.folderId !== undefined) input.folderId = request.folderId;
  const outcome = importer.importEndpoint(input);
  return parsed.warnings.length === 0 ? outcome : { ...outcome, curlWarnings: parsed.warnings };
}
