import { RotateCcw } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { formatDate } from '@client/lib/format';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import type { StudentAreaRecord } from '@shared/schemas/student-area';

const m = messages.student;

/** What was refunded and when, above the rest of the dashboard (which follows what is still paid). */
export function RefundNotice({ student }: { student: StudentAreaRecord }) {
  if (student.refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-heading" className="mb-6">
      <Card className="space-y-2 border-amber-300 bg-amber-50">
        <h2 id="refunds-heading" className="flex items-center gap-2 text-lg font-bold text-amber-950">
          <RotateCcw className="size-5 shrink-0" aria-hidden />
          {m.refundsTitle}
        </h2>
        <ul className="space-y-1 text-amber-950" data-testid="refunds">
          {student.refunds.map((refund) => (
            <li key={`${refund.description}-${refund.refunded_at}`}>
              {m.refundLine(
                refund.description,
                formatPence(refund.refunded_pence),
                formatPence(refund.paid_pence),
                formatDate(refund.refunded_at),
                refund.full,
              )}
            </li>
          ))}
        </ul>
        <p className="text-sm text-amber-950">
          {m.refundEffect(student.course_paid, student.enrollment_paid)} {m.refundReachesCard}
        </p>
      </Card>
    </section>
  );
}
