// The Node options the app runs with. They are written once, in the shebang of bin/client.js, which `npm start`
// and an installed `client` run; the release launchers and the launcher of the end-to-end tests and benchmarks read
// them from there, so every way of starting the app runs it alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const SHEBANG = /^#!\/usr\/bin\/env -S node((?: --[a-z0-9-]+=[a-z0-9]+)*)\n/;

/**
 * The options in bin/client.js's shebang (`#!/usr/bin/env -S node --a=1 --b=2`), in order. A caller bundled elsewhere
 * (the benchmarks) names the launcher's path.
 */
export function appNodeFlags(clientBin = join(import.meta.dirname, '..', 'bin', 'client.js')) {
  const match = SHEBANG.exec(readFileSync(clientBin, 'utf8'));
  if (match === null) throw new Error(`${clientBin} must start with "#!/usr/bin/env -S node" and its options`);
  return match[1].split(' ').filter((flag) => flag !== '');
}
