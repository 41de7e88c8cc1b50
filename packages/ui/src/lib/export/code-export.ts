import {
  toCmdCurlCommand,
  toCurlArguments,
  toCurlCommand,
  toFetchCode,
  toJavaCode,
  toNodeCode,
  toPythonCode,
  type VariableLookup,
} from '@client/core';
import type { EditorDraft } from '../draft.js';

/** A format "Copy as" writes an endpoint in. */
export interface ExportFormat {
  id: string;
  label: string;
}

type Generator = (words: string[]) => string;

/**
 * The formats, cURL, JavaScript (fetch), Node.js, Python and Java written by core, every other language by
 * curlconverter's generators from the same words curl would receive. curlconverter loads only when a language is
 * first asked for.
 */
const GENERATED: readonly (ExportFormat & { pick: (module: typeof import('curlconverter')) => Generator })[] = [
  { id: 'fetch', label: 'JavaScript (fetch)', pick: (cc) => cc.toJavaScript },
  { id: 'node', label: 'Node.js (node:http)', pick: (cc) => cc.toNode },
  { id: 'python', label: 'Python (http.client)', pick: (cc) => cc.toPython },
  { id: 'go', label: 'Go (net/http)', pick: (cc) => cc.toGo },
  { id: 'java', label: 'Java (HttpClient)', pick: (cc) => cc.toJava },
  { id: 'csharp', label: 'C# (HttpClient)', pick: (cc) => cc.toCSharp },
  { id: 'php', label: 'PHP (Guzzle)', pick: (cc) => cc.toPhpGuzzle },
  { id: 'ruby', label: 'Ruby (net/http)', pick: (cc) => cc.toRuby },
  { id: 'httpie', label: 'HTTPie', pick: (cc) => cc.toHttpie },
];

export const EXPORT_FORMATS: readonly ExportFormat[] = [
  { id: 'curl', label: 'cURL (bash)' },
  { id: 'curl-cmd', label: 'cURL (Windows cmd)' },
  ...GENERATED.map(({ id, label }) => ({ id, label })),
];

/** The languages core writes, each null for a request it cannot send as the app does. */
const OWN: ReadonlyMap<string, (draft: EditorDraft, lookup: VariableLookup) => string | null> = new Map([
  ['fetch', toFetchCode],
  ['node', toNodeCode],
  ['python', toPythonCode],
  ['java', toJavaCode],
]);

/** The endpoint in `format`, its variables resolved through `lookup` (which withholds secrets). */
export async function exportEndpoint(format: string, draft: EditorDraft, lookup: VariableLookup): Promise<string> {
  if (format === 'curl') return toCurlCommand(draft, lookup);
  if (format === 'curl-cmd') return toCmdCurlCommand(draft, lookup);
  // Core's code sends the app's bytes; curlconverter's writes what core's cannot (multipart, Digest, AWS…).
  const own = OWN.get(format)?.(draft, lookup) ?? null;
  if (own !== null) return own;
  const generated = GENERATED.find((candidate) => candidate.id === format);
  if (generated === undefined) throw new Error(`no export format "${format}"`);
  const curlconverter = await import('curlconverter');
  return generated.pick(curlconverter)(toCurlArguments(draft, lookup));
}
