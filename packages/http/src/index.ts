export { type CookieJarStorage, CookieJars, type ProjectJar } from './cookie-jars.js';
export {
  agentScrubber,
  agentSecretForms,
  type EngineOptions,
  type EngineOutcome,
  HttpEngine,
  historyScrubber,
  type PreparedRequest,
  type ReadLimits,
  type SendOptions,
  scopeScrubber,
} from './http-engine.js';
export type { LoadShot } from './load-repeater.js';
export type { GrantTokens, GrantTokenVault, OpenBrowser } from './oauth2-code-grants.js';
export type { OutgoingRequest } from './outgoing-request.js';
export type { ReadBody } from './response-reading.js';
export { scrubHeaders } from './scrub-headers.js';
export { requestTexts } from './secret-destinations.js';
export { scrubberOf, secretForms } from './secret-forms.js';
export { type ScopeVariable, VariableScope } from './variable-scope.js';
