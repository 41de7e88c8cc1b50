/**
 * Splits a byte stream into the lines of MCP's stdio transport: one JSON-RPC message per line, `\n` ends it (a
 * `\r` before it is dropped). A line longer than `maxLineBytes` is not buffered without end: its bytes are
 * skipped up to the next newline and `onOversized` reports it.
 */
export class LineReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private skipping = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversized: () => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, end));
      this.finishLine();
      start = end + 1;
    }
    this.take(chunk.subarray(start));
  }

  private take(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    this.size += part.length;
    if (this.size > this.maxLineBytes) {
      this.chunks = [];
      this.size = 0;
      this.skipping = true;
      this.onOversized();
      return;
    }
    this.chunks.push(part);
  }

  private finishLine(): void {
    if (this.skipping) {
      this.skipping = false;
      return;
    }
    const bytes = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    this.chunks = [];
    this.size = 0;
    const line = bytes.toString('utf8');
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() !== '') this.onLine(text);
  }
}
