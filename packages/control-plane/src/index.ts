export type { AgentHandlers } from './agent-handlers.js';
export type { HealthAnswer } from './agent-routes.js';
export {
  CONTROL_PLANE_HOST,
  type ControlPlane,
  type ControlPlaneOptions,
  type ControlPlaneStatus,
  startControlPlane,
} from './control-plane.js';
export { type FrameworkWording, toAppError } from './framework-errors.js';
export { type ControlPlaneLimits, DEFAULT_LIMITS } from './limits.js';
export type { ImportReader, ReadImport } from './read-import.js';
export { type EndpointImportedEvent, type StoreHandlerOptions, storeHandlers } from './store-handlers.js';
