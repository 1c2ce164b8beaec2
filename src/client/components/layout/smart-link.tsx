import type { ReactNode } from 'react';
import { AppLink } from './navigation';

/** An in-app route through the router; an external address in a new tab with a safe rel. */
export function SmartLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (/^https?:\/\//.test(href) || href.startsWith('mailto:')) {
    const external = !href.startsWith('mailto:');
    return (
      <a href={href} className={className} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
        {external && <span className="sr-only"> (opens in a new tab)</span>}
      </a>
    );
  }
  return (
    <AppLink to={href} className={className}>
      {children}
    </AppLink>
  );
}
