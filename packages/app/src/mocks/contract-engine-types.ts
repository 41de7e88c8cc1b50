import type { RequestChecker } from './request-checks.js';
import type { dynamicSample, staticSample } from './schema-sample.js';

/** What `contract-engines.ts` holds, named apart from it so that the modules using it need not import it. */
export interface ContractEngines {
  RequestChecker: typeof RequestChecker;
  dynamicSample: typeof dynamicSample;
  staticSample: typeof staticSample;
}
