import { AppLink } from '@client/components/layout/navigation';
import { buttonClasses } from '@client/components/ui/button';
import { landing } from '@client/content';

export function ClosingCta() {
  const { closingCta } = landing;
  return (
    <section aria-labelledby="closing-heading" className="bg-brand-800 py-16 text-center text-white">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="closing-heading" className="text-3xl font-bold">
          {closingCta.heading}
        </h2>
        <p className="mt-3 text-brand-100">{closingCta.text}</p>
        <AppLink to={closingCta.href} className={buttonClasses('light', 'lg', 'mt-8')}>
          {closingCta.label}
        </AppLink>
      </div>
    </section>
  );
}
