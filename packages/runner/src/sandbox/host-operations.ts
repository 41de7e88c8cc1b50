import type { GuestHost } from './sandbox-engine.js';
import { responseParts } from './script-payload.js';
import { readOutgoingRequest } from './script-result.js';
import type { ScriptResponse, SendRequestHost } from './script-types.js';

/** A finished operation, waiting to be handed to the script. */
export interface Completion {
  id: number;
  ok: boolean;
  /** The response's parts without its body (ok), or the error's message. */
  json: string;
  body: string;
}

/** Node's longest timer; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;
/** A script is a test, not a load generator: what it may ask of the host is bounded. */
export const MAX_SENDS_PER_SCRIPT = 100;
export const MAX_ACTIVE_TIMERS = 1000;

/**
 * The operations one script waits for on the host: its sendRequests (through the caller's sender) and its timers.
 * Completions queue up and are handed to the script one at a time by the session's loop; close() aborts what is left.
 */
export class HostOperations implements GuestHost {
  private readonly sends = new Map<number, AbortController>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly completed: Completion[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private sendsStarted = 0;

  constructor(private readonly sendRequest: SendRequestHost | undefined) {}

  /** Operations started and not yet handed back to the script. */
  get outstanding(): number {
    return this.sends.size + this.timers.size + this.completed.length;
  }

  /** Requests still on their way (named in a timeout's message). */
  get sending(): number {
    return this.sends.size;
  }

  send(id: number, requestJson: string): void {
    const controller = new AbortController();
    this.sends.set(id, controller);
    const finish = (ok: boolean, json: string, body = '') => {
      if (!this.sends.delete(id)) return;
      this.complete({ id, ok, json, body });
    };
    const request = readOutgoingRequest(requestJson);
    if (++this.sendsStarted > MAX_SENDS_PER_SCRIPT) {
      queueMicrotask(() => finish(false, `sendRequest: a script may send at most ${MAX_SENDS_PER_SCRIPT} requests`));
      return;
    }
    if (request === undefined) {
      queueMicrotask(() => finish(false, 'sendRequest: the request is not one Client can send'));
      return;
    }
    if (this.sendRequest === undefined) {
      queueMicrotask(() => finish(false, 'sendRequest is not available where this script runs'));
      return;
    }
    let sending: Promise<ScriptResponse>;
    try {
      sending = this.sendRequest(request, controller.signal);
    } catch (error) {
      sending = Promise.reject(error);
    }
    sending.then(
      (response) => finish(true, responseParts(response), String(response.body)),
      (error: unknown) => finish(false, error instanceof Error ? error.message : String(error)),
    );
  }

  timer(id: number, ms: number): void {
    const delay = Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_TIMER_MS) : 0;
    this.cancel(id);
    // Thrown here, it reaches the script as the error of its setTimeout call.
    if (this.timers.size >= MAX_ACTIVE_TIMERS) {
      throw new Error(`a script may have at most ${MAX_ACTIVE_TIMERS} timers waiting at once`);
    }
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        this.complete({ id, ok: true, json: '', body: '' });
      }, delay),
    );
  }

  cancel(id: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  /** The next completion, or undefined once `deadline` (epoch ms) has passed with none. */
  async next(deadline: number): Promise<Completion | undefined> {
    const ready = this.completed.shift();
    if (ready !== undefined || this.closed) return ready;
    const wait = deadline - Date.now();
    if (wait <= 0) return undefined;
    await new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, wait);
      this.wake = () => {
        clearTimeout(timeout);
        resolve();
      };
    });
    this.wake = undefined;
    return this.completed.shift();
  }

  /** Aborts the requests still out and clears the timers: the script is over. */
  close(): void {
    this.closed = true;
    for (const controller of this.sends.values()) controller.abort();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.sends.clear();
    this.timers.clear();
    this.completed.length = 0;
    this.wake?.();
  }

  private complete(completion: Completion): void {
    if (this.closed) return;
    this.completed.push(completion);
    this.wake?.();
  }
}
