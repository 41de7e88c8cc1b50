export { APP_BROWSER_COMMANDS, findAppBrowser } from './find-app-browser.js';
export { type OpenWindowOptions, openAppWindow, WINDOW_PROFILE_DIR, type WindowLaunch } from './open-app-window.js';
