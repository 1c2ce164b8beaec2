import { AppLink } from '@client/components/layout/navigation';
import { buttonClasses } from '@client/components/ui/button';
import { paths } from '@shared/routes';
import type { LandingParts } from './landing-parts';

export function ClosingCta({ content, fill }: Omit<LandingParts, 'catalogue'>) {
  const { closing } = content;
  return (
    <section aria-labelledby="closing-heading" className="bg-brand-800 py-16 text-center text-white">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="closing-heading" className="text-3xl font-bold">
          {fill(closing.heading)}
        </h2>
        <p className="mt-3 text-brand-100">{fill(closing.text)}</p>
        <AppLink to={paths.enrol} className={buttonClasses('light', 'lg', 'mt-8')}>
          {fill(closing.button)}
        </AppLink>
      </div>
    </section>
  );
}
