/**
 * Steps 2 to 5 of the wizard, and the completion page, load apart from step 1: a new visitor's first
 * load of /enroll is step 1 alone (about a quarter less code). The wizard starts loading them when the
 * visitor first focuses step 1's form (`preloadLaterSteps`), so they are there before step 1 is done,
 * and a phone opening the page does not evaluate them meanwhile. A step
 * that has loaded renders at once; one that has not shows the wizard's spinner until it has (a full
 * load straight into a later step, the address of a resumed enrolment).
 */
import { createElement, lazy, type ComponentType } from 'react';

function lazyStep<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // A later render tries again.
        throw error;
      },
    ));
  // React.lazy suspends on its first render even when the module is there already; `loaded` does not.
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  const Step = (props: P) => createElement(loaded ?? Suspending, props);
  return Object.assign(Step, { preload });
}

export const PaymentTypeStep = lazyStep(() => import('./payment-type-step').then((module) => module.PaymentTypeStep));
export const CourseSelectionStep = lazyStep(() =>
  import('./course-selection-step').then((module) => module.CourseSelectionStep),
);
export const PaymentStep = lazyStep(() => import('./payment-step').then((module) => module.PaymentStep));
export const ConfirmationStep = lazyStep(() => import('./confirmation-step').then((module) => module.ConfirmationStep));
export const EnrolmentComplete = lazyStep(() =>
  import('./enrolment-complete').then((module) => module.EnrolmentComplete),
);

/** Starts loading the steps after the first (each once; a failed load is tried again when shown). */
export function preloadLaterSteps() {
  for (const step of [PaymentTypeStep, CourseSelectionStep, PaymentStep, ConfirmationStep])
    step.preload().catch(() => undefined);
}
