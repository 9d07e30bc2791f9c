import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './lib/i18n';
import './styles.css';
import { App } from './app';
import { preloadRouteChunks } from './app/lazy-route';
import { router } from './app/router';

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
  // /login arrives already rendered (dist/login.html, apps/web/scripts/prerender-login.mjs), its fields read-only
  // until now: what was typed there would be unknown to the form. Hydration keeps those elements (and the focus).
  for (const field of root.querySelectorAll('[data-prerender-readonly]')) {
    field.removeAttribute('readonly');
    field.removeAttribute('data-prerender-readonly');
  }
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
