/**
 * Runs tasks one at a time, each in a later turn of the event loop than the one before. A burst of imports
 * then never holds the thread for longer than one of them: the requests that arrived meanwhile (a health check,
 * the UI) are answered between two imports, not after all of them.
 */
export interface TurnQueue {
  run<T>(task: () => T): Promise<T>;
}

export function createTurnQueue(): TurnQueue {
  let last: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const turn = last.then(() => new Promise<void>((next) => setImmediate(next))).then(task);
      last = turn.catch(() => undefined);
      return turn;
    },
  };
}
