import { lazy, Suspense } from 'react';
import { OptionalPart } from '@client/components/layout/optional-part';

// The widget needs the API, so it is not prerendered; its code loads when it is first rendered.
const RecentSignupsWidget = lazy(() =>
  import('./recent-signups-widget').then((module) => ({ default: module.RecentSignupsWidget })),
);

/** The recent sign-up widget, left out if its code cannot load. Rendered once the page has loaded. */
export function RecentSignups() {
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <RecentSignupsWidget />
      </Suspense>
    </OptionalPart>
  );
}
