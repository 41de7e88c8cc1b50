import { setFlagsFromString } from 'node:v8';

// V8's flags belong to the process: set here, they hold for every thread, the import writer's included. They are
// set from inside because the command line that starts the app is the person's or the launcher's.

const SMALL_YOUNG_GENERATION = '--semi-space-growth-factor=1';

/**
 * Set first, before the app's own modules are evaluated: the optimizing compiler (TurboFan) stays off until
 * `setReadyFlags`. A start runs most of its code once, yet Node's own path helpers, called for every module it
 * resolves, get hot enough to be optimized: compiling them maps about 3 MiB of the compiler into memory for the
 * rest of a run that may stay idle all day (`idle-rss` in bench/README.md).
 */
export function setStartFlags(): void {
  setFlagsFromString('--no-turbofan');
}

/**
 * Set once agents can reach the app: the main thread's young generation keeps the size it has, instead of growing to
 * 16 MiB under a stream of requests and keeping those pages long after the stream ends (only V8's memory reducer
 * gives them back, seconds later). A scavenge of the small one is cheap; what outlives it is promoted, as a
 * request's long-lived state would be. Not earlier: a start keeps most of what it allocates, and a small young
 * generation would copy it through many more scavenges (15–20 ms).
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString(SMALL_YOUNG_GENERATION);
  // V8 raises the factor to 2, its least, whenever it sets up a heap, a worker thread's too (the import threads
  // start at the first import); so it is set again once each thread runs.
  process.on('worker', (worker) => worker.once('online', () => setFlagsFromString(SMALL_YOUNG_GENERATION)));
}

/** Set once the app is ready: from here on, code that gets hot is optimized as usual. */
export function setReadyFlags(): void {
  setFlagsFromString('--turbofan');
}
