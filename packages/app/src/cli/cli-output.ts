import { isAppError } from '@client/core';

/** Exit code for a command line `client` does not understand. */
export const USAGE_EXIT_CODE = 2;

/** Where commands write; the real process streams outside tests. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

export const processOutput: CliOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

export function printJson(output: CliOutput, value: unknown): void {
  output.out(`${JSON.stringify(value, null, 2)}\n`);
}

/** A command's failure as one readable line; an `AppError` is the person's to fix (exit 1). */
export function printFailure(output: CliOutput, error: unknown): number {
  if (!isAppError(error)) throw error;
  output.err(`client: ${error.message}\n`);
  return 1;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}
