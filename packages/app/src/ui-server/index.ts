export { startUiServer, UI_HOST, type UiServer } from './ui-server.js';
export type { AgentFacts, UiServerOptions } from './ui-server-options.js';
