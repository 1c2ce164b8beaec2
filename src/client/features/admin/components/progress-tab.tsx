import { Check, Minus } from 'lucide-react';
import { EmailText } from '@client/components/ui/email-text';
import { useCallback, useState } from 'react';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { AdminProgress } from '@shared/schemas/admin';
import { Badge } from '@client/components/ui/badge';
import { useStudentProgress } from '../api/get-student-progress';
import { ListSection } from './data-table';
import { PAGE_SIZE, SearchBox } from './list-parts';

function progressStatus(p: AdminProgress) {
  if (p.completed_stages === p.total_stages) return <Badge tone="green">Completed</Badge>;
  if (p.completed_stages > 0) return <Badge tone="blue">In Progress</Badge>;
  return <Badge tone="slate">Not Started</Badge>;
}

function ProgressCard({ p }: { p: AdminProgress }) {
  const stages = COURSES[p.course_type].stages;
  const done = [...p.foundation_progress, ...p.pro_progress];
  const percent = Math.round(p.progress_percentage);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{p.student_name}</h3>
          <p className="text-sm text-slate-600">
            <EmailText email={p.email} />
          </p>
        </div>
        <div className="flex gap-2">
          {p.course_type === 'pro' ? (
            <Badge tone="purple">Pro (9 stages)</Badge>
          ) : (
            <Badge tone="blue">Foundation (5 stages)</Badge>
          )}
          {progressStatus(p)}
        </div>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <div
          className="h-2 flex-1 rounded-full bg-slate-200"
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={`${p.student_name} progress`}
        >
          <div className="h-2 rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </div>
        <span className="text-sm font-semibold">{percent}%</span>
        <span className="text-sm text-slate-600">
          {p.completed_stages}/{p.total_stages} stages
        </span>
      </div>
      <ul className="mt-3 grid grid-cols-1 gap-1 text-xs sm:grid-cols-3 lg:grid-cols-5">
        {stages.map((stage, i) => (
          <li key={stage} className="flex items-center gap-1">
            {done[i] ? (
              <Check className="size-4 text-emerald-700" aria-label="Done" />
            ) : (
              <Minus className="size-4 text-slate-400" aria-label="Not done" />
            )}
            <span>
              {i + 1}. {stage}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function ProgressTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const progress = useStudentProgress({ page, page_size: PAGE_SIZE, search });
  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const rows = progress.data?.students ?? [];
  return (
    <ListSection
      heading="Course Progress"
      toolbar={<SearchBox label="Search students" onSearch={onSearch} />}
      query={progress}
      isEmpty={rows.length === 0}
      empty={messages.admin.noProgressStudents}
      pagination={{ page, total: progress.data?.total ?? 0, onPage: setPage }}
    >
      <ul className="space-y-3">
        {rows.map((p) => (
          <ProgressCard key={p.student_id} p={p} />
        ))}
      </ul>
    </ListSection>
  );
}
