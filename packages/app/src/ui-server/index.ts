export { startUiServer } from './ui-server.js';
