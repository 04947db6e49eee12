import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './i18n';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { registerServiceWorker } from './lib/pwa';
import { addWebfontIfLoadedBefore } from './lib/webfont';

// A page chunk that fails to load (a new deployment replaced it) lands in the routes' error
// boundary (app/route-error.tsx), which reloads the page at its new address, once a minute at most.

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The webfont (self-hosted, lib/webfont.ts): now if this device has it, else after the first screen.
addWebfontIfLoadedBefore();
// The first render as a transition: React renders it in slices of a few milliseconds, so a phone's
// slow CPU keeps answering while the page builds (no long task; issue 23 item 12).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
// The installable app's service worker, once the page has loaded (issue 26 item 1).
registerServiceWorker();
