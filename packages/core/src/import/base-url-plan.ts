import { normalizeOrigin } from '../url/split-url.js';

export type BaseUrlPlan = { action: 'write'; value: string } | { action: 'none' } | { action: 'warn'; warning: string };

/**
 * Rule 6 of an import: a missing `base_url` takes the command's origin; an equal one is left alone; a
 * different one is never overwritten, and the warning tells where the endpoint will really be sent.
 */
export function planBaseUrl(current: string | undefined, importedOrigin: string, path: string): BaseUrlPlan {
  if (importedOrigin.startsWith('{{')) return { action: 'none' };
  if (current === undefined || current.trim() === '') return { action: 'write', value: importedOrigin };
  if (normalizeOrigin(current) === normalizeOrigin(importedOrigin)) return { action: 'none' };
  const existing = current.replace(/\/+$/, '');
  return {
    action: 'warn',
    warning:
      `the project's base_url is ${existing}, so this endpoint will be sent to ${existing}${path}; ` +
      `the command's origin was ${importedOrigin} and base_url was not changed. ` +
      `To reach ${importedOrigin}, select an environment whose base_url is ${importedOrigin}.`,
  };
}
