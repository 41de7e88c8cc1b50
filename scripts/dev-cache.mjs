// What the tests and the release build take minutes to redo — a runtime fetched and its native modules compiled,
// release artifacts, a generated project's installed dependencies — is kept per person, outside the checkout, in
// ~/.cache/client-workspace/<kind>/: a fresh clone on the same machine (as CI makes) reuses it, where a cache
// inside node_modules would start empty every time. Each kind keys its entries by a hash of their inputs, so an
// entry that no longer matches its inputs is never used.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The cache folder of one kind of entry, made (readable by its owner only) if it is not there yet. */
export function devCacheDir(kind) {
  const dir = join(homedir(), '.cache', 'client-workspace', kind);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}
