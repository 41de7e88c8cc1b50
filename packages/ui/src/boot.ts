import { windowToken } from './api/window-token.js';
import { FIRST_SCREEN_DATA_ID } from './first-screen-data.js';
import './styles/base.css';
import './styles/controls.css';
import './styles/code-editor.css';
import './styles/overlays.css';
import './styles/app-frame.css';
import './styles/projects.css';
import './styles/workspace.css';
import './styles/editor.css';
import './styles/panes.css';
import './styles/palette.css';
import './styles/response.css';
import './styles/environments.css';
import './styles/agent.css';
import './styles/collections.css';
import './styles/checks.css';
import './styles/examples.css';
import './styles/linked-folder.css';
import './styles/websocket.css';

// Takes the window's token out of the address before anything renders or could show the address.
windowToken();

const start = () => void import('./main.js');
// A page the app drew its projects screen into paints that first: the app's scripts take a while to compile and run,
// and a browser that has them in its cache would run them as the page is parsed, before its first frame. A hidden
// page draws no frame (and would wait for one until shown).
if (document.getElementById(FIRST_SCREEN_DATA_ID) === null || document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
