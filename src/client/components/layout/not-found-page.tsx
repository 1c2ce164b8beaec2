import { Link } from 'react-router';
import { notFound } from '@client/content';
import { paths } from '@shared/routes';
import { BrandFooter, BrandHeader } from './brand-shell';
import { PageMeta } from './page-meta';

/** Unknown routes (the server answers them with status 404 and this page). */
export default function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <BrandHeader />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <PageMeta {...notFound.meta} />
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="text-3xl font-bold">Page not found</h1>
        <p className="text-slate-600">The page you asked for does not exist or has moved.</p>
        <div className="flex flex-wrap justify-center gap-4">
          <Link to={paths.home} className="font-semibold text-brand-700 underline">
            Return to Home
          </Link>
          <Link to={paths.support} className="font-semibold text-brand-700 underline">
            Contact Support
          </Link>
        </div>
      </main>
      <BrandFooter />
    </div>
  );
}
