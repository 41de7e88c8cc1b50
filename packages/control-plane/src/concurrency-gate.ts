/** One request's place at the gate. */
interface GateTicket {
  /** Resolves true once the request may proceed, or false if it left before its turn came. */
  readonly granted: Promise<boolean>;
  /** Gives the slot back, or leaves the queue; safe to call more than once. */
  leave(): void;
}

export interface ConcurrencyGate {
  enter(): GateTicket;
  /** Requests holding a slot, and requests waiting for one. */
  readonly active: number;
  readonly waiting: number;
}

interface Waiter {
  grant(): void;
}

/**
 * At most `limit` holders at once; the rest wait in arrival order. A waiter that leaves (its client went
 * away) is dropped from the queue, so no slot is ever handed to a request nobody will finish.
 */
export function createConcurrencyGate(limit: number): ConcurrencyGate {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, not ${limit}`);
  let active = 0;
  const queue: Waiter[] = [];

  function release(): void {
    active--;
    const next = queue.shift();
    if (next !== undefined) next.grant();
  }

  return {
    enter() {
      let state: 'waiting' | 'holding' | 'gone' = 'waiting';
      let resolve: (granted: boolean) => void = () => {};
      const granted = new Promise<boolean>((done) => {
        resolve = done;
      });
      const waiter: Waiter = {
        grant() {
          active++;
          state = 'holding';
          resolve(true);
        },
      };
      if (active < limit) waiter.grant();
      else queue.push(waiter);
      return {
        granted,
        leave() {
          if (state === 'holding') release();
          else if (state === 'waiting') {
            queue.splice(queue.indexOf(waiter), 1);
            resolve(false);
          }
          state = 'gone';
        },
      };
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
