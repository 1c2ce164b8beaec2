import { Clock, ExternalLink } from 'lucide-react';
import { buttonClasses } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { formatDate } from '@client/lib/format';
import { messages } from '@shared/messages';

/**
 * Course access once the ID is approved: the Course Access button (a new tab) when the school has
 * configured the course's link, otherwise that it is not ready and where it will appear.
 */
export function CourseAccessCard({
  url,
  startDate,
  started,
}: {
  url: string | null;
  startDate: string | null;
  /** By the server's clock (days_until_start is 0). */
  started: boolean;
}) {
  return (
    <Card aria-labelledby="course-access-heading" className="space-y-3">
      <h2 id="course-access-heading" className="text-lg font-bold">
        Course Access
      </h2>
      {url ? (
        <>
          <p className="text-slate-700">{messages.student.courseAccessReady}</p>
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'lg', 'w-full')}>
            <ExternalLink className="size-5" aria-hidden /> Course Access
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </>
      ) : (
        <p className="flex items-start gap-3 text-slate-800" data-testid="course-access-coming">
          <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          {started
            ? messages.student.courseAccessComingStarted
            : messages.student.courseAccessComing(startDate ? formatDate(startDate) : null)}
        </p>
      )}
    </Card>
  );
}
