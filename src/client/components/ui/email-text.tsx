import { Fragment } from 'react';

/**
 * An email address that wraps at its natural points (before "@" and "."), not a character per line;
 * only a part longer than its box breaks inside.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={`[overflow-wrap:anywhere] ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
