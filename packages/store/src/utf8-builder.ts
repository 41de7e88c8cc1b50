/**
 * UTF-8 text written piece by piece into one growing buffer. A listing of 10,000 endpoints built as one string
 * keeps every piece alive as part of a rope until the end, and the garbage collector then spends more time
 * copying them than the listing took to write; each piece written here is garbage at once.
 */
export class Utf8Builder {
  private bytes: Buffer;
  private length = 0;

  constructor(initialBytes: number) {
    this.bytes = Buffer.allocUnsafe(Math.max(1024, initialBytes));
  }

  append(text: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    const needed = this.length + text.length * 3;
    if (needed > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    this.length += this.bytes.write(text, this.length, 'utf8');
  }

  /** The bytes written so far (a view, not a copy). */
  result(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}
