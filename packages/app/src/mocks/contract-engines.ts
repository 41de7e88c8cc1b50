/**
 * What a mock needs only for endpoints with a contract: the request checks (Ajv) and the schema samplers
 * (openapi-sampler, json-schema-faker). Loaded on first need (`loadContractEngines`), so the app, and a mock of
 * examples alone, start without them.
 */
export { RequestChecker } from './request-checks.js';
export { dynamicSample, staticSample } from './schema-sample.js';
