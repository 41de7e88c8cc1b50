import { join, resolve } from 'node:path';

/** The bundles run from bench/dist, two levels below the repository root. */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');
const BENCH_DIR = join(REPO_ROOT, 'bench');
/** Git-ignored: latest.json and the logs of the processes a run started. */
export const RESULTS_DIR = join(BENCH_DIR, 'results');
/** Git-ignored: the generated service, kept between runs because its npm install takes minutes. */
export const CACHE_DIR = join(BENCH_DIR, '.cache');
/** The shared corpus sits beside the repository. */
export const PUBLIC_CORPUS = join(REPO_ROOT, 'packages', 'core', 'src', 'curl', 'corpus', 'public.json');
export const EXTRA_CORPUS = join(REPO_ROOT, 'packages', 'core', 'src', 'curl', 'corpus', 'extra.json');
