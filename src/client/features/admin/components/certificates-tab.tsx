import { useState } from 'react';
import { toast } from 'sonner';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDate } from '@client/lib/format';
import { useActivateCertificate } from '../api/activate-certificate';
import { useAdminCertificates } from '../api/get-certificates';
import { ListState, PAGE_SIZE, Pagination, tableClasses, tdClasses, thClasses } from './list-parts';

export function CertificatesTab() {
  const [page, setPage] = useState(1);
  const certificates = useAdminCertificates({ page, page_size: PAGE_SIZE });
  const activate = useActivateCertificate();
  const rows = certificates.data?.certificates ?? [];

  function onActivate(certificateId: string) {
    activate.mutate(certificateId, {
      onSuccess: () => toast.success(messages.admin.activated),
      onError: () => toast.error(messages.admin.activateFailed),
    });
  }

  return (
    <section aria-labelledby="certificates-heading" className="space-y-4">
      <h2 id="certificates-heading" className="text-xl font-semibold">
        Certificates
      </h2>
      <ListState
        isPending={certificates.isPending}
        isError={certificates.isError}
        isEmpty={rows.length === 0}
        empty={messages.admin.noCertificates}
        onRetry={() => certificates.refetch()}
      >
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className={tableClasses}>
            <thead className="bg-slate-50">
              <tr>
                {['Certificate ID', 'Student', 'Course', 'Completion Date', 'Status', 'Action'].map((h) => (
                  <th key={h} scope="col" className={thClasses}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((c) => (
                <tr key={c.certificate_id}>
                  <td className={`${tdClasses} font-mono`}>{c.certificate_id}</td>
                  <td className={tdClasses}>{c.student_name}</td>
                  <td className={tdClasses}>{COURSES[c.course_type].title}</td>
                  <td className={tdClasses}>{formatDate(c.completion_date)}</td>
                  <td className={tdClasses}>
                    {c.activated ? <Badge tone="green">Activated</Badge> : <Badge tone="amber">Pending</Badge>}
                  </td>
                  <td className={tdClasses}>
                    {c.activated ? (
                      <span className="font-medium text-emerald-800">Ready for Download</span>
                    ) : (
                      <Button
                        size="sm"
                        onClick={() => onActivate(c.certificate_id)}
                        loading={activate.isPending && activate.variables === c.certificate_id}
                        aria-label={`Activate certificate ${c.certificate_id}`}
                      >
                        Activate
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
      <Pagination page={page} pageSize={PAGE_SIZE} total={certificates.data?.total ?? 0} onPage={setPage} />
    </section>
  );
}
