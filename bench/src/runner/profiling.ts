import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from './paths.js';

const PROFILES_DIR = join(RESULTS_DIR, 'profiles');
const PRELOAD = join(import.meta.dirname, 'cpu-profile.js');

/**
 * With BENCH_CPU_PROF=1 the app runs with a CPU profiler and writes its profile to bench/results/profiles
 * when it stops (open it in Chrome DevTools or speedscope). Empty otherwise.
 */
export function profilingEnv(): Record<string, string> {
  if (!process.env.BENCH_CPU_PROF) return {};
  mkdirSync(PROFILES_DIR, { recursive: true });
  return { NODE_OPTIONS: `--import=${PRELOAD}`, BENCH_CPU_PROF_DIR: PROFILES_DIR };
}
