import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api/client.js';
import { App } from './app.js';
import { ToastProvider } from './components/toasts.js';
import { readFirstScreenData } from './first-screen-data.js';
import { AppEventsProvider } from './hooks/app-events.js';

// The projects the page came with (it shows them already), else asked for before the first render, so the answer
// travels while React builds the first screen.
const firstScreen = readFirstScreenData();
const firstProjects = firstScreen === null ? api.listProjects() : Promise.resolve(firstScreen.projects);
// Read by the first screen; this keeps a failure that arrives before it from being reported as unhandled.
firstProjects.catch(() => undefined);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ToastProvider>
      <AppEventsProvider>
        <App firstProjects={firstProjects} firstScreen={firstScreen} />
      </AppEventsProvider>
    </ToastProvider>
  </StrictMode>,
);
