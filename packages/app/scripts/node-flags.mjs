// The Node options the app runs with. They are written once, in the shebang of bin/client.js, which `npm start`
// and an installed `client` run; the release launchers and the launcher of the end-to-end tests and benchmarks read
// them from there, so every way of starting the app runs it alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT_BIN = join(import.meta.dirname, '..', 'bin', 'client.js');
const SHEBANG = /^#!\/usr\/bin\/env -S node((?: --[a-z0-9-]+=[a-z0-9]+)*)\n/;

/** The options in bin/client.js's shebang (`#!/usr/bin/env -S node --a=1 --b=2`), in order. */
export function appNodeFlags() {
  const match = SHEBANG.exec(readFileSync(CLIENT_BIN, 'utf8'));
  if (match === null) throw new Error(`${CLIENT_BIN} must start with "#!/usr/bin/env -S node" and its options`);
  return match[1].split(' ').filter((flag) => flag !== '');
}
