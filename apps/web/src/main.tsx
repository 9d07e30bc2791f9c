import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './lib/i18n';
import './styles.css';
import { App } from './app';
import { AfterFirstCommit, keepWhatIsTyped } from './lib/prerendered';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// /login arrives already rendered (dist/login.html): the app takes those elements over, keeping what was typed in them.
if (root.firstElementChild) hydrateRoot(root, <AfterFirstCommit onCommit={keepWhatIsTyped(root)}>{app}</AfterFirstCommit>);
else createRoot(root).render(app);
