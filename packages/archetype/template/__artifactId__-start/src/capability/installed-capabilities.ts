// The capabilities added with `archetype add <name>` or `-Dcapabilities=…`. `archetype add` rewrites this file.
import type { CapabilityModule } from './capability-module.js';

export const INSTALLED_CAPABILITIES: readonly CapabilityModule[] = [];
