import { landing } from '@client/content';

/** 'What You'll Master': the marketing modules (6 Foundation, 5 more in Pro). */
export function Modules() {
  const { modules } = landing;
  return (
    <section aria-labelledby="modules-heading" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="modules-heading" className="text-center text-3xl font-bold">
          {modules.heading}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border border-slate-200 p-6">
            <h3 className="text-lg font-semibold text-blue-800">{modules.foundationHeading}</h3>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-800">
              {modules.foundation.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ol>
          </div>
          <div className="rounded-xl border border-slate-200 p-6">
            <h3 className="text-lg font-semibold text-purple-800">{modules.proHeading}</h3>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-800" start={modules.foundation.length + 1}>
              {modules.pro.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ol>
            <p className="mt-4 text-sm text-slate-600">{modules.assetDeliveryNote}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
