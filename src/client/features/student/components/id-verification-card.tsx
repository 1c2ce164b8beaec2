import { BadgeCheck, Clock, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { formatDate } from '@client/lib/format';
import { messages } from '@shared/messages';
import type { IdStatusResponse } from '@shared/schemas/id-verification';
import { useSetIdRequired } from '../api/set-id-required';
import { IdUpload } from './id-upload';

/** The five ID states (docs/product/student-area.md): not required, required, pending, rejected, approved. */
export function IdVerificationCard({ email, status }: { email: string; status: IdStatusResponse }) {
  const start = useSetIdRequired(email);
  return (
    <Card aria-labelledby="id-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="id-heading" className="flex items-center gap-2 text-lg font-bold">
          <ShieldCheck className="size-5 text-brand-700" aria-hidden /> Identity Verification
        </h2>
        <StatusBadge status={status.status} />
      </div>

      {status.status === 'not_required' && (
        <>
          <p className="text-slate-700">
            A photo ID (driving licence, passport or government ID) is needed before you can access your course
            materials.
          </p>
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            Start ID Verification
          </Button>
        </>
      )}

      {status.status === 'required' && (
        <>
          <p className="text-slate-700">Upload a clear photo or scan of your photo ID to unlock your course.</p>
          <IdUpload email={email} />
        </>
      )}

      {status.status === 'pending' && (
        <div className="flex items-start gap-3 rounded-lg bg-amber-50 p-4 text-amber-900">
          <Clock className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">Under Review</p>
            <p>Uploaded on {formatDate(status.uploaded_date)}. We will review your document shortly.</p>
          </div>
        </div>
      )}

      {status.status === 'rejected' && (
        <>
          <div className="flex items-start gap-3 rounded-lg bg-red-50 p-4 text-red-900">
            <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
            <div>
              <p className="font-semibold">Verification unsuccessful</p>
              <p>{status.rejection_reason || messages.student.idRejectedDefault}</p>
            </div>
          </div>
          {status.can_resubmit && <IdUpload email={email} />}
        </>
      )}

      {status.status === 'approved' && (
        <div className="flex items-start gap-3 rounded-lg bg-emerald-50 p-4 text-emerald-900">
          <BadgeCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">Verified</p>
            <p>Approved on {formatDate(status.reviewed_date)}.</p>
          </div>
        </div>
      )}
    </Card>
  );
}

const LABELS = {
  not_required: ['Not started', 'slate'],
  required: ['Action needed', 'amber'],
  pending: ['Under Review', 'amber'],
  rejected: ['Rejected', 'red'],
  approved: ['Approved', 'green'],
} as const;

function StatusBadge({ status }: { status: IdStatusResponse['status'] }) {
  const [label, tone] = LABELS[status];
  return <Badge tone={tone}>{label}</Badge>;
}
