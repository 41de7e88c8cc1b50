export interface ConcurrencyGate {
  /** Resolves once a slot is free; call the returned function (once) to give the slot back. */
  acquire(): Promise<() => void>;
  /** Requests holding a slot, and requests waiting for one. */
  readonly active: number;
  readonly waiting: number;
}

/** At most `limit` holders at once; the rest wait in arrival order. */
export function createConcurrencyGate(limit: number): ConcurrencyGate {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, not ${limit}`);
  let active = 0;
  const queue: (() => void)[] = [];

  function grant(): () => void {
    active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active--;
      const next = queue.shift();
      if (next !== undefined) next();
    };
  }

  return {
    acquire() {
      if (active < limit) return Promise.resolve(grant());
      return new Promise((resolve) => queue.push(() => resolve(grant())));
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
