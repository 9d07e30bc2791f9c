import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './lib/i18n';
import './styles.css';
import { App } from './app';
import { preloadRouteChunks } from './app/lazy-route';
import { prefetchRouteData } from './app/prefetch-route-data';
import { importQueue } from './app/provider';
import { appRouter, routes } from './app/router';
import { rememberSubmitBeforeStart, rememberTypedFields } from './lib/typed-before-start';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

// The chunks of the screen being opened are fetched now, alongside the profile request, not once it has answered.
preloadRouteChunks(routes, window.location.pathname);
// And its data (a campaign's page: the campaign and its tests, once the profile says someone is signed in), and the
// sending queue's code, which every signed-in page waits for: fetched with the data, not once the app has rendered.
prefetchRouteData(routes, window.location.pathname, { signedIn: () => void importQueue().catch(() => undefined) });

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// On the prerendered sign-in page, an Enter pressed before the form runs is kept for it (lib/typed-before-start.ts).
if (!root.hasAttribute('data-loading') && root.firstElementChild) rememberSubmitBeforeStart(root);

function render(root: HTMLElement) {
  if (root.hasAttribute('data-loading')) {
    // index.html's loading screen, prerendered (scripts/prerender-login.mjs): replaced in the same task, no blank frame.
    root.removeAttribute('data-loading');
    root.replaceChildren();
    createRoot(root).render(app);
  } else if (root.firstElementChild) {
    // /login arrives already rendered (dist/login.html, apps/web/scripts/prerender-login.mjs). Hydration keeps its
    // elements (and the focus); what was typed there so far is handed to the form (lib/typed-before-start.ts).
    rememberTypedFields(root);
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
}

// The scripts' evaluation, the router's creation and the first render each in a task of its own: on a slow phone
// three shorter tasks block the main thread less than fewer longer ones (the screen shows the prerendered page
// meanwhile).
setTimeout(() => {
  appRouter();
  setTimeout(() => render(root), 0);
}, 0);
