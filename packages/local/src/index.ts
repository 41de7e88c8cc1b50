export { type AgentInfo, readAgentInfo, removeAgentInfo, writeAgentInfo } from './agent-info.js';
export { type AppState, readAppState, removeAppState, writeAppState } from './app-state.js';
export { resolveControlPlanePorts } from './control-plane-ports.js';
export {
  type DataDirOptions,
  dataDirName,
  ensureDataDir,
  type LocalPaths,
  localPaths,
  resolveDataDir,
} from './data-dir.js';
export { type Discovery, type DiscoveryOptions, discoverControlPlane } from './discovery/discover-control-plane.js';
export {
  noTokenMessage,
  notFoundMessage,
  stoppedMessage,
  unauthorizedMessage,
} from './discovery/discovery-messages.js';
export { type InstallLocation, resolveInstallLocation } from './discovery/install-location.js';
export { type JsonAnswer, requestJson } from './discovery/request-json.js';
export { buildFlavor, resolveFlavor } from './flavor.js';
export { HELLO_PATH, helloProof, isHelloNonce, isValidHelloProof, newHelloNonce } from './hello-proof.js';
export {
  acquireInstanceLock,
  type InstanceLock,
  type LockHolder,
  type LockResult,
} from './instance-lock.js';
export { readJsonFile, removeJsonFileOf, writeJsonFile } from './json-file.js';
export { isJsonRecord } from './json-record.js';
export { loopbackHostOf, loopbackHostsText } from './loopback-host.js';
export { isProcessAlive } from './process-liveness.js';
export { type EnsuredToken, ensureToken, isValidToken, readToken } from './token.js';
export { createTokenMatcher } from './token-match.js';
export { readUiInfo, removeUiInfo, type UiInfo, writeUiInfo } from './ui-info.js';
