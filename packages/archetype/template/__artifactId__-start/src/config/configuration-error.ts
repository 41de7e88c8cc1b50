/**
 * A configuration the service cannot start with: a wrong key, a folder it may not write. `main.ts` prints its
 * message alone, without a stack trace: the message says what to change.
 */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}
