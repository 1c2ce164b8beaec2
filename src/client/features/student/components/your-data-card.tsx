import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { messages } from '@shared/messages';
import { useDownloadMyData, useErasureRequest, useRequestErasure } from '../api/privacy';

const text = messages.privacy;

/** "Your data" (docs/product/student-area.md): download everything held about you; ask for erasure. */
export function YourDataCard({ studentId }: { studentId: string }) {
  const download = useDownloadMyData(studentId);
  const erasure = useErasureRequest(studentId);
  const requestErasure = useRequestErasure(studentId);
  const [confirming, setConfirming] = useState(false);
  const latest = erasure.data?.request ?? null;
  const open = latest?.status === 'requested';

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: () => toast.success(text.exportDone),
      onError: (error) => toast.error(errorDetail(error, text.exportFailed)),
    });
  const onConfirmErasure = () =>
    requestErasure.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(text.deleteRequestSent);
      },
      onError: (error) => toast.error(errorDetail(error, text.deleteRequestFailed)),
    });

  return (
    <Card aria-labelledby="your-data-heading" className="space-y-4">
      <h2 id="your-data-heading" className="flex items-center gap-2 text-lg font-bold">
        <ShieldCheck className="size-5 text-brand-700" aria-hidden /> Your data
      </h2>
      <div className="space-y-2">
        <p className="text-sm text-slate-700">{text.exportHint}</p>
        <Button variant="outline" loading={download.isPending} onClick={onDownload}>
          <Download className="size-4" aria-hidden /> {text.exportButton}
        </Button>
      </div>
      <div className="space-y-2 border-t border-slate-200 pt-4">
        {open ? (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            {text.deleteRequested(formatDate(latest.requested_at))}
          </p>
        ) : (
          <>
            {latest?.status === 'refused' && latest.refusal_reason && (
              <p className="text-sm text-slate-700">{text.deleteRefused(latest.refusal_reason)}</p>
            )}
            <p className="text-sm text-slate-700">{text.deleteHint}</p>
            <Button variant="outline" disabled={erasure.isPending} onClick={() => setConfirming(true)}>
              <Trash2 className="size-4 text-red-700" aria-hidden /> {text.deleteButton}
            </Button>
          </>
        )}
        {erasure.isError && <p className="text-sm text-red-700">{messages.admin.listLoadFailed}</p>}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.confirmDeleteTitle}
        description={text.confirmDeleteQuestion}
        confirmLabel={text.confirmDeleteAction}
        tone="danger"
        loading={requestErasure.isPending}
        onConfirm={onConfirmErasure}
      />
    </Card>
  );
}
