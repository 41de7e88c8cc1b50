import { isAppError } from '@client/core';

/** Exit code for a command line `client` does not understand. */
export const USAGE_EXIT_CODE = 2;

/** Where commands write; the real process streams outside tests. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

/**
 * Writes to `stream` until its reader goes away (`client | head -3`, a launcher that closed its pipe): then what it
 * would have read is dropped, and the app runs on and a command ends as they would have. Any other write error is
 * thrown as before.
 */
function writerTo(stream: NodeJS.WriteStream): (text: string) => void {
  let readerLeft = false;
  let listening = false;
  return (text) => {
    if (!listening) {
      listening = true;
      stream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') throw error;
        readerLeft = true;
      });
    }
    if (!readerLeft) stream.write(text);
  };
}

export const processOutput: CliOutput = { out: writerTo(process.stdout), err: writerTo(process.stderr) };

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
