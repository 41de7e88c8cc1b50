/** What a stdio server wrote to stderr is kept to this many characters, the latest. */
const STDERR_KEEP = 16 * 1024;

/** The end of a stdio server's stderr, to show when it fails: servers say there why they stopped. */
export class StderrTail {
  private kept = '';

  add(chunk: Buffer): void {
    this.kept = (this.kept + chunk.toString('utf8')).slice(-STDERR_KEEP);
  }

  text(): string {
    return this.kept;
  }
}
