import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app-providers';
import { LandingApp } from './landing-app';

/** The landing page's entry (main.tsx chooses): hydrates the prerendered page, as router-entry.tsx does for the others. */
const app = (
  <AppProviders>
    <LandingApp />
  </AppProviders>
);
const container = document.getElementById('root')!;
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
