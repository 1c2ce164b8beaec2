import { proExtraModules } from '@shared/catalogue';
import type { LandingParts } from './landing-parts';
import { SectionShell } from './section-shell';

/** 'What You'll Master': the catalogue's modules (Foundation's, then those Pro adds). */
export function Modules({ content, catalogue, fill }: LandingParts) {
  const { foundation, pro } = catalogue.courses;
  const extra = proExtraModules(catalogue);
  return (
    <SectionShell name="modules" band="white" heading={fill(content.modules.heading)}>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <div className="rounded-xl border border-slate-200 p-6">
          <h3 className="text-lg font-semibold text-blue-800">
            {foundation.title} ({foundation.modules.length} modules)
          </h3>
          <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-800">
            {foundation.modules.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ol>
        </div>
        <div className="rounded-xl border border-slate-200 p-6">
          <h3 className="text-lg font-semibold text-purple-800">
            {pro.title} adds {extra.length} advanced modules ({pro.modules.length} in total)
          </h3>
          <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-800" start={pro.modules.length - extra.length + 1}>
            {extra.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ol>
          <p className="mt-4 text-sm text-slate-600">{fill(content.modules.note)}</p>
        </div>
      </div>
    </SectionShell>
  );
}
