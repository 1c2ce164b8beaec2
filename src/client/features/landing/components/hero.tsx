import { Island } from '@client/components/layout/island';
import { AppLink } from '@client/components/layout/navigation';
import { buttonClasses } from '@client/components/ui/button';
import { landing } from '@client/content';
import type { LandingParts } from '@client/components/site-sections/landing-parts';
import { HERO_MEDIA_ISLAND, HeroMedia } from './hero-media';
import { LandingTitle } from './landing-header';

export function Hero({ content, fill }: Omit<LandingParts, 'catalogue'>) {
  const { hero } = landing;
  const { claims } = content;
  const stats = [
    { value: claims.certified_specialists, label: 'Certified specialists' },
    { value: claims.student_rating, label: 'Student rating' },
    { value: claims.earnings_per_review, label: 'Earnings per review' },
  ];
  return (
    <section
      id="hero"
      aria-labelledby="hero-heading"
      className="bg-gradient-to-b from-brand-900 to-brand-800 text-white"
    >
      <div className="mx-auto max-w-6xl px-4 pt-6 pb-12 lg:pt-8 lg:pb-20">
        <LandingTitle />
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <ul className="flex flex-wrap gap-2" aria-label="Highlights">
              {claims.badges.map((badge) => (
                <li
                  key={badge}
                  className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold"
                >
                  <span className="size-1.5 rounded-full bg-emerald-300" aria-hidden />
                  {badge}
                </li>
              ))}
            </ul>
            <h2 id="hero-heading" className="mt-5 text-3xl leading-tight font-extrabold sm:text-5xl">
              {fill(content.hero.heading)}
            </h2>
            <p className="mt-4 text-lg text-brand-100">{fill(content.hero.intro)}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <AppLink to={hero.primaryCta.href} className={buttonClasses('light', 'lg')}>
                {hero.primaryCta.label}
              </AppLink>
              <a
                href={hero.secondaryCta.href}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('outlineLight', 'lg')}
              >
                {hero.secondaryCta.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
            <dl className="mt-10 grid grid-cols-3 gap-4">
              {stats.map((stat) => (
                <div key={stat.label}>
                  <dt className="text-sm text-brand-100">{stat.label}</dt>
                  <dd className="order-first text-xl font-bold sm:text-2xl">{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <Island name={HERO_MEDIA_ISLAND}>
            <HeroMedia />
          </Island>
        </div>
      </div>
    </section>
  );
}
