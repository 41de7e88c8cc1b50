import type { MockInfo, MockLogEntry, MockStartOptions } from '@client/core';

/** What the running mocks announce: the window's list and live log follow these. */
export type MockEvent =
  | { type: 'mock-started'; mock: MockInfo }
  | { type: 'mock-stopped'; mock: MockInfo }
  | { type: 'mock-request'; entry: MockLogEntry };

/**
 * The app's mocks: each a server on its own loopback port answering for one project (or folder). The window's
 * routes, the agents' routes and tools, and `client mock` all go through one of these.
 */
export interface MockControl {
  /** Starts a mock; CONFLICT when the asked port is taken, NOT_FOUND for an unknown project or folder. */
  start(options: MockStartOptions): Promise<MockInfo>;
  /** Stops a mock and closes its connections; NOT_FOUND for an id that is not running. */
  stop(id: string): Promise<MockInfo>;
  list(): MockInfo[];
  /** The mock's newest log entries, oldest first (a bounded number); NOT_FOUND for an id that is not running. */
  log(id: string): MockLogEntry[];
  /** Subscribes; returns the function that unsubscribes. */
  onEvent(listener: (event: MockEvent) => void): () => void;
  /** Stops every mock (the app's shutdown). */
  stopAll(): Promise<void>;
}
