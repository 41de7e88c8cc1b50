/**
 * Joins what is written within one turn of the event loop into one write, made once the turn's work is done: a mock
 * under load answers many requests per turn, and a system call per request line cost more CPU than the answer did.
 * `flush` writes what is pending at once (before the last lines of a command).
 */
export function batchedWrites(write: (text: string) => void): { write(text: string): void; flush(): void } {
  let pending = '';
  let scheduled: NodeJS.Immediate | null = null;
  const flush = () => {
    if (scheduled !== null) clearImmediate(scheduled);
    scheduled = null;
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  return {
    write(text) {
      pending += text;
      scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
