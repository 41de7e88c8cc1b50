/** How long a written line may wait for others to join it: a person at a terminal does not see 25 ms. */
const BATCH_MS = 25;
/** Written at once beyond this much, so a burst never holds much memory. */
const MAX_PENDING_CHARS = 64 * 1024;

/**
 * Joins what is written within a short while into one write. A mock under load answers thousands of requests a
 * second: a write per request line (into a pipe, waking its reader each time) cost a third of the CPU an answer
 * did (`mock-throughput` in bench/README.md). `flush` writes what is pending at once (before a command's last lines).
 */
export function batchedWrites(write: (text: string) => void): { write(text: string): void; flush(): void } {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  return {
    write(text) {
      pending += text;
      if (pending.length >= MAX_PENDING_CHARS) flush();
      else timer ??= setTimeout(flush, BATCH_MS);
    },
    flush,
  };
}
