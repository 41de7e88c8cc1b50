import { AppError, type EndpointDraft } from '@client/core';
import { requestTexts, type VariableScope } from '@client/http';

/**
 * Whether a secret's stored value is no value at all: a secret first read from a linked folder's files (which
 * never hold secret values) on a machine that has none for it yet. Anything else stored for a secret is sealed.
 */
export const hasNoValue = (stored: string): boolean => stored === '';

/**
 * The secrets a request would carry that have no value here (empty once opened): sending it would put an empty
 * string where the person meant a credential, so the send is refused with what to enter, and where.
 */
export function secretsWithoutValue(request: EndpointDraft, scope: VariableScope): string[] {
  const names = new Set(requestTexts(request).flatMap((text) => scope.secretsIn(text)));
  return [...names].filter((name) => scope.value(name) === '');
}

export function missingSecretError(names: readonly string[], environment: string | undefined): AppError {
  const listed = names.map((name) => `{{${name}}}`).join(', ');
  const where = environment === undefined ? 'its environment' : `the environment “${environment}”`;
  return new AppError(
    'VALIDATION',
    `${listed} ${names.length === 1 ? 'is a secret' : 'are secrets'} with no value on this machine (a project's files never hold secret values): enter ${names.length === 1 ? 'it' : 'them'} once in ${where}, where ${names.length === 1 ? 'it is' : 'they are'} kept encrypted.`,
  );
}
