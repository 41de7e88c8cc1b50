export { openAppWindow, type WindowLaunch } from './open-app-window.js';
