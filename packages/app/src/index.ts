export { readAppStatus, type StatusOptions } from './cli/status.js';
export { runCli } from './cli.js';
export { type LinkResult, linkProject, openLinkedFolder, refreshLinkedProject } from './linked/link-project.js';
export { type LinkedFolders, startLinkedFolders } from './linked/linked-folders.js';
export { createMockControl, type MockControlOptions } from './mocks/create-mock-control.js';
export type { MockControl, MockEvent } from './mocks/mock-control.js';
export {
  type AppEventListener,
  type AppEventMap,
  type AppEventName,
  type AppEvents,
  createAppEvents,
} from './runtime/app-events.js';
export { APP_VERSION } from './runtime/app-version.js';
export { type RunningApp, type StartAppOptions, type StartAppResult, startApp } from './runtime/start-app.js';
