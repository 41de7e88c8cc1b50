import { GUEST_ASYNC } from './guest-async.js';
import { GUEST_BRU } from './guest-bru.js';
import { GUEST_CHAI_POSTMAN } from './guest-chai-postman.js';
import { GUEST_CHAI_POSTMAN_BODY } from './guest-chai-postman-body.js';
import { GUEST_CHAI_PROXY } from './guest-chai-proxy.js';
import { GUEST_GLOBALS } from './guest-globals.js';
import { GUEST_LIFECYCLE } from './guest-lifecycle.js';
import { GUEST_PATHS } from './guest-paths.js';
import { GUEST_PM } from './guest-pm.js';
import { GUEST_PROPERTY_LIST } from './guest-property-list.js';
import { GUEST_REQUEST } from './guest-request.js';
import { GUEST_RESPONSE } from './guest-response.js';
import { GUEST_RUNTIME } from './guest-runtime.js';
import { GUEST_URL } from './guest-url.js';
import { GUEST_VARIABLES } from './guest-variables.js';

/**
 * The code a context runs once, after chai: a function of the host's three functions (send, timer, cancel) that
 * sets up the scripts' globals and returns the API the host calls — start, deliver, finish. chai leaves the
 * global scope: scripts reach it through pm.expect, expect and assert.
 */
export const GUEST_PRELUDE = `(function (host) {
'use strict';
var chai = globalThis.chai;
delete globalThis.chai;
${[
  GUEST_RUNTIME,
  GUEST_VARIABLES,
  GUEST_PROPERTY_LIST,
  GUEST_URL,
  GUEST_REQUEST,
  GUEST_RESPONSE,
  GUEST_PATHS,
  GUEST_CHAI_PROXY,
  GUEST_CHAI_POSTMAN,
  GUEST_CHAI_POSTMAN_BODY,
  GUEST_ASYNC,
  GUEST_PM,
  GUEST_BRU,
  GUEST_GLOBALS,
  GUEST_LIFECYCLE,
].join('\n')}
return api;
})`;

/** chai's browser bundle reads `global` and `self`, which QuickJS does not define: the wrapper gives both. */
export function chaiLoader(chaiSource: string): string {
  return `(function (global, self) {\n${chaiSource}\n}).call(globalThis, globalThis, globalThis);`;
}
