import { AppError } from '@client/core';
import { parse as parseYaml } from 'yaml';

/**
 * JSON or YAML text as a plain value. JSON is tried first (the large exports are JSON, and JSON.parse is the
 * fastest reader); YAML aliases are capped so a small file cannot expand into gigabytes.
 */
export function parseDocument(text: string, label: string): unknown {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed === '') throw new AppError('VALIDATION', `${label} is empty; pass a collection or specification file`);
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch (error) {
      throw new AppError('VALIDATION', `${label} is not valid JSON: ${(error as Error).message}`);
    }
  }
  try {
    return parseYaml(trimmed, { maxAliasCount: 1000, prettyErrors: true, uniqueKeys: false });
  } catch (error) {
    const first = String((error as Error).message).split('\n')[0];
    throw new AppError('VALIDATION', `${label} is neither JSON nor valid YAML: ${first}`);
  }
}
