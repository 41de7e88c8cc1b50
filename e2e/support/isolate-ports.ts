import { testPortRange } from './port-range.js';

// Runs before every e2e file (vitest `setupFiles`): the file's apps and commands use a port block of its own.
testPortRange();
