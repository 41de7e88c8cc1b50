/** Most warnings one command can produce; a command that triggers more is mostly noise by then. */
const MAX_WARNINGS = 50;

/** Warnings in the order they arose, each sentence once, capped so hostile input cannot flood the result. */
export class WarningList {
  private readonly seen = new Set<string>();
  private readonly list: string[] = [];
  private dropped = 0;

  add(message: string): void {
    if (this.seen.has(message)) return;
    this.seen.add(message);
    if (this.list.length < MAX_WARNINGS) this.list.push(message);
    else this.dropped += 1;
  }

  addAll(messages: readonly string[]): void {
    for (const message of messages) this.add(message);
  }

  toArray(): string[] {
    if (this.dropped === 0) return [...this.list];
    return [...this.list, `${this.dropped} more warnings were left out.`];
  }
}
