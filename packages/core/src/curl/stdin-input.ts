import type { StdinSource } from './shell-command.js';

/** The command's standard input (a here-document, a here-string or a `<` file), remembering whether an option read it. */
export class StdinInput {
  private read = false;

  constructor(private readonly source: StdinSource | null) {}

  /** What `@-` (or `-`) stands for; null when the command gives curl no standard input. */
  take(): StdinSource | null {
    this.read = true;
    return this.source;
  }

  /** A warning when the command feeds standard input that no option reads, so the text would be lost. */
  unreadWarning(): string | null {
    if (this.read || this.source === null) return null;
    return this.source.kind === 'text'
      ? 'The here-document is not read by any option, so it was ignored; use --data-binary @- to send it as the body.'
      : `The input redirected from ${this.source.path} is not read by any option, so it was ignored; use ` +
          `--data-binary @${this.source.path} to send the file as the body.`;
  }
}

export const NO_STDIN_WARNING =
  'reads standard input, which the command does not provide (no here-document or < file); it was left empty.';
