export type { AssertionResponse, AssertionVerdict } from './assertions/assertion-response.js';
export { evaluateAssertion, toRunAssertion } from './assertions/evaluate-assertion.js';
