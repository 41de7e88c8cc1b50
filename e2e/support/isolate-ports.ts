import { afterAll } from 'vitest';
import { removeTestCacheHome, testCacheHome } from './cache-home.js';
import { testPortRange } from './port-range.js';

// Runs before every e2e file (vitest `setupFiles`): the file's apps and commands use a port block of its own, and
// a cache folder of their own.
testPortRange();
testCacheHome();
afterAll(removeTestCacheHome);
