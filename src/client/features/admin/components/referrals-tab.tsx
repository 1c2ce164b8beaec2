import { useCallback, useState } from 'react';
import { EmailText } from '@client/components/ui/email-text';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { ReferralRow } from '@shared/schemas/admin';
import { Badge } from '@client/components/ui/badge';
import { useReferralCodes } from '../api/get-referral-codes';
import { DataTable, type Column } from './data-table';
import { PAGE_SIZE, SearchBox } from './list-parts';

function enrolmentStatus(r: ReferralRow) {
  if (r.enrollment_paid && r.course_paid) return <Badge tone="green">Fully Enrolled</Badge>;
  if (r.enrollment_paid) return <Badge tone="blue">Enrollment Paid</Badge>;
  return <Badge tone="slate">Not Enrolled</Badge>;
}

const columns: Array<Column<ReferralRow>> = [
  { header: 'Student', cell: (r) => r.student_name },
  { header: 'Email', cell: (r) => <EmailText email={r.email} /> },
  { header: 'Referral Code', cell: (r) => r.referral_code ?? 'N/A', className: 'font-mono' },
  { header: 'Status', cell: enrolmentStatus },
  {
    header: 'Enrollment',
    cell: (r) => (r.enrollment_paid ? <Badge tone="green">Paid</Badge> : <Badge tone="amber">Unpaid</Badge>),
  },
  {
    header: 'Course',
    cell: (r) =>
      r.course_paid && r.course_type ? (
        <Badge tone="green">Paid: {COURSES[r.course_type].shortName}</Badge>
      ) : (
        <Badge tone="amber">Unpaid</Badge>
      ),
  },
];

export function ReferralsTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const referrals = useReferralCodes({ page, page_size: PAGE_SIZE, search });
  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  return (
    <DataTable
      heading="Referral Codes"
      toolbar={<SearchBox label="Search students" onSearch={onSearch} />}
      query={referrals}
      empty={messages.admin.noStudentsYet}
      columns={columns}
      rows={referrals.data?.referrals ?? []}
      rowKey={(r) => r.student_id}
      pagination={{ page, total: referrals.data?.total ?? 0, onPage: setPage }}
    />
  );
}
