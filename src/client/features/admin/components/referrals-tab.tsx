import { useCallback, useState } from 'react';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { ReferralRow } from '@shared/schemas/admin';
import { Badge } from '@client/components/ui/badge';
import { useReferralCodes } from '../api/get-referral-codes';
import { ListState, PAGE_SIZE, Pagination, SearchBox, tableClasses, tdClasses, thClasses } from './list-parts';

function enrolmentStatus(r: ReferralRow) {
  if (r.enrollment_paid && r.course_paid) return <Badge tone="green">Fully Enrolled</Badge>;
  if (r.enrollment_paid) return <Badge tone="blue">Enrollment Paid</Badge>;
  return <Badge tone="slate">Not Enrolled</Badge>;
}

export function ReferralsTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const referrals = useReferralCodes({ page, page_size: PAGE_SIZE, search });
  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const rows = referrals.data?.referrals ?? [];
  return (
    <section aria-labelledby="referrals-heading" className="space-y-4">
      <h2 id="referrals-heading" className="text-xl font-semibold">
        Referral Codes
      </h2>
      <SearchBox label="Search students" onSearch={onSearch} />
      <ListState
        isPending={referrals.isPending}
        isError={referrals.isError}
        isEmpty={rows.length === 0}
        empty={messages.admin.noStudentsYet}
        onRetry={() => referrals.refetch()}
      >
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className={tableClasses}>
            <thead className="bg-slate-50">
              <tr>
                {['Student', 'Email', 'Referral Code', 'Status', 'Enrollment', 'Course'].map((h) => (
                  <th key={h} scope="col" className={thClasses}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.student_id}>
                  <td className={tdClasses}>{r.student_name}</td>
                  <td className={`${tdClasses} break-all`}>{r.email}</td>
                  <td className={`${tdClasses} font-mono`}>{r.referral_code ?? 'N/A'}</td>
                  <td className={tdClasses}>{enrolmentStatus(r)}</td>
                  <td className={tdClasses}>
                    {r.enrollment_paid ? <Badge tone="green">Paid</Badge> : <Badge tone="amber">Unpaid</Badge>}
                  </td>
                  <td className={tdClasses}>
                    {r.course_paid && r.course_type ? (
                      <Badge tone="green">Paid: {COURSES[r.course_type].shortName}</Badge>
                    ) : (
                      <Badge tone="amber">Unpaid</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
      <Pagination page={page} pageSize={PAGE_SIZE} total={referrals.data?.total ?? 0} onPage={setPage} />
    </section>
  );
}
