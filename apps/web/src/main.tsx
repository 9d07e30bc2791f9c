import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './lib/i18n';
import './styles.css';
import { App } from './app';
import { preloadRouteChunks } from './app/lazy-route';
import { router } from './app/router';
import { rememberTypedFields } from './lib/typed-before-start';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

// The chunks of the screen being opened are fetched now, alongside the profile request, not once it has answered.
preloadRouteChunks(router.routes, window.location.pathname);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.firstElementChild) {
  // /login arrives already rendered (dist/login.html, apps/web/scripts/prerender-login.mjs). Hydration keeps its
  // elements (and the focus); what was typed there so far is handed to the form (lib/typed-before-start.ts).
  rememberTypedFields(root);
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
