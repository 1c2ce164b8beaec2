import { AppProviders } from './app-providers';
import { LandingApp } from './landing-app';
import { mountApp } from './mount-app';

/** The landing page's entry (main.tsx chooses): hydrates the prerendered page, as router-entry.tsx does for the others. */
mountApp(
  <AppProviders>
    <LandingApp />
  </AppProviders>,
);
