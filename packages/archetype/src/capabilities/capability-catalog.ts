import { fileURLToPath } from 'node:url';

import { ArchetypeError } from '../archetype-error.js';
import { auth } from './auth.js';
import type { Capability } from './capability.js';
import { distributedLock } from './distributed-lock.js';
import { excel } from './excel.js';
import { httpClient } from './http-client.js';
import { readWriteSplitting } from './read-write-splitting.js';

/** Every capability, in the order the service starts them. */
export const CAPABILITIES: readonly Capability[] = [readWriteSplitting, httpClient, excel, distributedLock, auth];

/** `capabilities/` beside `template/`: the same path from `src/capabilities/` and `dist/capabilities/`. */
const CAPABILITIES_DIR = new URL('../../capabilities/', import.meta.url);

/** Absolute path of a capability's folder (`files/`, `application.yaml`, `README.md`). */
export function capabilityDirectory(capability: Capability): string {
  return fileURLToPath(new URL(`${capability.name}/`, CAPABILITIES_DIR));
}

function knownCapabilities(): string {
  return CAPABILITIES.map((capability) => `${capability.name} (${capability.summary})`).join(', ');
}

/** The named capabilities in catalog order, each once; an unknown name is an error listing what exists. */
export function findCapabilities(names: readonly string[]): Capability[] {
  for (const name of names) {
    if (!CAPABILITIES.some((capability) => capability.name === name)) {
      throw new ArchetypeError('UNKNOWN_CAPABILITY', `unknown capability "${name}"; available: ${knownCapabilities()}`);
    }
  }
  return CAPABILITIES.filter((capability) => names.includes(capability.name));
}

/** `-Dcapabilities=excel, http-client`: comma-separated, blanks ignored. */
export function parseCapabilityList(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
