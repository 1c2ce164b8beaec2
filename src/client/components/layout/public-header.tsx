import { Link } from 'react-router';
import { site } from '@client/content';
import { paths } from '@shared/routes';
import { buttonClasses } from '../ui/button';

/** The simple header of the public pages other than the landing page. */
export function PublicHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to={paths.home} className="font-bold text-brand-800 hover:underline">
          {site.name}
        </Link>
        <Link to={paths.enrol} className={buttonClasses('primary', 'sm', 'shrink-0 whitespace-nowrap')}>
          Enroll Now
        </Link>
      </div>
    </header>
  );
}
