import { AppLink } from '@client/components/layout/navigation';
import { buttonClasses } from '@client/components/ui/button';
import { landing } from '@client/content';
import { allInPricePence, type Catalogue, type CourseType } from '@shared/catalogue';
import type { LandingParts } from './landing-parts';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import { SectionShell } from './section-shell';

interface Plan {
  name: string;
  /** A course card: its price is all-in (fee + course) and its button carries the course into the wizard. */
  course?: CourseType;
  pricePence: number;
  blurb: string;
  includes: readonly string[];
  highlight?: string;
}

/**
 * 'Choose Your Path' (the #pricing anchor). A course card shows what a new student pays in total with
 * the fee named beside it, and opens the wizard with that course (the Complete Package); the fee card
 * opens it bare. Pro is 'Most Popular'.
 */
export function Pricing({ content, catalogue, fill }: LandingParts) {
  const { pricing } = landing;
  const { foundation, pro } = catalogue.courses;
  const plans: Plan[] = [
    {
      name: pricing.enrollmentName,
      pricePence: catalogue.enrolment_fee_pence,
      blurb: fill(content.pricing.enrollment_blurb),
      includes: content.pricing.enrollment_includes.map(fill),
    },
    {
      name: foundation.title,
      course: 'foundation',
      pricePence: allInPricePence(catalogue, 'foundation'),
      blurb: `${foundation.modules.length} modules: ${foundation.description}`,
      includes: foundation.modules,
    },
    {
      name: pro.title,
      course: 'pro',
      pricePence: allInPricePence(catalogue, 'pro'),
      blurb: `${pro.modules.length} modules: ${pro.description}`,
      includes: content.pricing.pro_includes.map(fill),
      highlight: pricing.highlight,
    },
  ];
  return (
    <SectionShell name="pricing" anchor="pricing" band="slate" heading={fill(content.pricing.heading)}>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{fill(content.pricing.intro)}</p>
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <li
            key={plan.name}
            className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ${plan.highlight ? 'border-2 border-brand-600' : 'border border-slate-200'}`}
          >
            {plan.highlight && (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white">
                {plan.highlight}
              </p>
            )}
            <h3 className="text-xl font-bold">{plan.name}</h3>
            <p className="mt-2 text-4xl font-extrabold text-brand-800">{formatPence(plan.pricePence)}</p>
            {plan.course && <CoursePriceNotes catalogue={catalogue} course={plan.course} />}
            <p className="mt-2 text-slate-700">{plan.blurb}</p>
            <ul className="mt-4 flex-1 space-y-2 text-sm">
              {plan.includes.map((item) => (
                <li key={item} className="flex gap-2">
                  <span className="font-bold text-emerald-700" aria-hidden>
                    ✓
                  </span>
                  {item}
                </li>
              ))}
            </ul>
            <AppLink
              to={plan.course ? paths.enrolCourseSelection(plan.course) : paths.enrol}
              className={buttonClasses(plan.highlight ? 'primary' : 'secondary', 'lg', 'mt-6 w-full')}
              aria-label={`${pricing.buttonLabel}: ${plan.name}`}
            >
              {pricing.buttonLabel}
            </AppLink>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}

/** The fee the all-in price includes, and the course alone for a student who has paid the fee already. */
function CoursePriceNotes({ catalogue, course }: { catalogue: Catalogue; course: CourseType }) {
  const m = messages.enrolment;
  return (
    <>
      <p className="mt-1 text-sm font-medium text-slate-800">
        {m.feeIncluded(formatPence(catalogue.enrolment_fee_pence))}
      </p>
      <p className="mt-1 text-xs text-slate-600">
        {m.courseAloneAfterFee(formatPence(catalogue.courses[course].price_pence))}
      </p>
    </>
  );
}
