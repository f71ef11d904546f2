import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, newQueryClient } from './App';
import { i18next } from './i18n';
import './styles.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={newQueryClient()} />
    </BrowserRouter>
  </StrictMode>
);
// The sign-in page arrives drawn by the build (scripts/build-web.mjs), in the language the service chose for it:
// React takes that page over as it is, keeping what was typed meanwhile. In another language (a choice this
// browser made before the service could know it) it is drawn anew.
if (root.dataset.language === i18next.language) hydrateRoot(root, app);
else createRoot(root).render(app);
