import { Copy } from 'lucide-react';
import { EmailText } from '@client/components/ui/email-text';
import { toast } from '@client/lib/toast';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { formatDate } from '@client/lib/format';
import type { CompletionStatus } from '@shared/statuses';
import { messages } from '@shared/messages';
import type { StudentAreaRecord } from '@shared/schemas/student-area';

const STATUS_LABELS: Record<CompletionStatus, string> = {
  contacted: 'Contacted',
  enrolled: 'Enrolled',
  in_progress: 'In Progress',
  emailed: 'Emailed',
  completed: 'Completed',
};

function statusTone(status: CompletionStatus) {
  if (status === 'completed') return 'green' as const;
  if (status === 'in_progress') return 'blue' as const;
  return 'slate' as const;
}

/** Name, email, start date, status and the referral code with a copy button. */
export function StudentInfoPanel({ student }: { student: StudentAreaRecord }) {
  const code = student.referral_code;
  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      toast.success(messages.student.referralCopied);
    } catch {
      toast.error(messages.student.referralCopyFailed);
    }
  };

  return (
    <Card aria-labelledby="info-heading" className="space-y-4">
      <h2 id="info-heading" className="text-lg font-bold">
        Student Information
      </h2>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-slate-600">Name</dt>
          <dd className="font-semibold">
            {student.first_name} {student.last_name}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Email</dt>
          <dd className="font-semibold">
            <EmailText email={student.email} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Course start date</dt>
          <dd className="font-semibold">
            {student.course_start_date ? formatDate(student.course_start_date) : 'Not selected'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd>
            <Badge tone={statusTone(student.completion_status)}>{STATUS_LABELS[student.completion_status]}</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Referral code</dt>
          <dd className="flex items-center gap-2">
            <span className="font-mono font-semibold" data-testid="referral-code">
              {code ?? 'Generating...'}
            </span>
            {code && (
              <Button variant="outline" size="sm" onClick={copy} aria-label="Copy referral code">
                <Copy className="size-4" aria-hidden /> Copy
              </Button>
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
