import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api/client.js';
import { windowToken } from './api/window-token.js';
import { App } from './app.js';
import { ToastProvider } from './components/toasts.js';
import { AppEventsProvider } from './hooks/app-events.js';
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

// Takes the window's token out of the address before anything renders or could show the address.
windowToken();
// Asked for before the first render, so the answer travels while React builds the first screen.
const firstProjects = api.listProjects();
// Read by the first screen; this keeps a failure that arrives before it from being reported as unhandled.
firstProjects.catch(() => undefined);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ToastProvider>
      <AppEventsProvider>
        <App firstProjects={firstProjects} />
      </AppEventsProvider>
    </ToastProvider>
  </StrictMode>,
);
