import { AppError } from '@client/core';
import type { NewHistoryEntry, Store } from '@client/store';

/** How long an entry waits for others to be written with it. */
const BATCH_DELAY_MS = 20;

/**
 * History entries written together, a moment after their sends: a burst of sends costs one transaction rather than
 * one each, and no send's answer waits for the disk. Whatever reads History in this process flushes first, so it
 * sees every send that has answered.
 */
export class HistoryBatch {
  private pending: NewHistoryEntry[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly store: Store) {}

  add(entry: NewHistoryEntry): void {
    this.pending.push(entry);
    this.timer ??= setTimeout(() => this.flush(), BATCH_DELAY_MS);
  }

  /** Writes every waiting entry now; one whose project or endpoint was deleted meanwhile is left out. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const entries = this.pending;
    this.pending = [];
    if (entries.length === 0) return;
    this.store.transaction(() => {
      for (const entry of entries) {
        try {
          this.store.history.add(entry);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
        }
      }
    });
  }
}
