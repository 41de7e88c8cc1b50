// The test profiles of the capabilities added with `archetype add <name>` or `-Dcapabilities=…`. `archetype add`
// rewrites this file.
import type { CapabilityTestProfile } from './capability-test-profile.test-support.js';

export const INSTALLED_TEST_PROFILES: readonly CapabilityTestProfile[] = [];
