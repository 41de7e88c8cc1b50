import type { MockLogEntry } from '@client/core';

/** How many of its latest requests each mock keeps for its live log. */
const MOCK_LOG_SIZE = 500;

/** A mock's latest log entries in a fixed ring: adding one costs the same however busy the mock is. */
export class MockLog {
  private readonly ring: MockLogEntry[] = [];
  private next = 0;

  constructor(private readonly size = MOCK_LOG_SIZE) {}

  add(entry: MockLogEntry): void {
    if (this.ring.length < this.size) this.ring.push(entry);
    else this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.size;
  }

  /** Oldest first. */
  entries(): MockLogEntry[] {
    return this.ring.length < this.size
      ? [...this.ring]
      : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }
}
