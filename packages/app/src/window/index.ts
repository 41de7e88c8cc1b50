export { openAppWindow, type WindowLaunch } from './open-app-window.js';
export { openSystemBrowser } from './open-system-browser.js';
