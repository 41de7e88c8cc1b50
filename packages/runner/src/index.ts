export { checkLoadOptions, MAX_LOAD_CONNECTIONS, MAX_LOAD_DURATION_MS, runLoad } from './load/run-load.js';
