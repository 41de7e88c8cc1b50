import type { EndpointScripts } from '@client/core';

export type ScriptPart = 'preRequest' | 'postResponse' | 'tests';

export const SCRIPT_PART_LABELS: Record<ScriptPart, string> = {
  preRequest: 'Pre-request',
  postResponse: 'Post-response',
  tests: 'Tests',
};

export const CLIENT_NAMES: Record<EndpointScripts['from'], string> = {
  postman: 'Postman',
  bruno: 'Bruno',
  insomnia: 'Insomnia',
};

/**
 * The parts a script editor offers: before the request and after the response, and the test script too when it
 * holds one (Postman's test scripts and Bruno's `tests` block arrive there from imports).
 */
export function shownParts(scripts: EndpointScripts | undefined, selected: ScriptPart): ScriptPart[] {
  const withTests = selected === 'tests' || (scripts !== undefined && scripts.tests !== '');
  return withTests ? ['preRequest', 'postResponse', 'tests'] : ['preRequest', 'postResponse'];
}

/**
 * The scripts with one part changed. Scripts of nothing at all are none (undefined), as a saved endpoint without
 * scripts has them, so typing and then deleting a script leaves no unsaved change. New scripts use Postman's API.
 */
export function withScriptPart(
  scripts: EndpointScripts | undefined,
  part: ScriptPart,
  text: string,
): EndpointScripts | undefined {
  const next: EndpointScripts = { ...(scripts ?? { from: 'postman', preRequest: '', postResponse: '', tests: '' }) };
  next[part] = text;
  return next.preRequest === '' && next.postResponse === '' && next.tests === '' ? undefined : next;
}
