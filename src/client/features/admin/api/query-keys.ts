/**
 * TanStack Query keys of the admin dashboard, in one place. Every key starts with `adminKeys.all`,
 * so a row action reloads the whole dashboard (stats and every list) and logout drops it all.
 */
import type { StudentListQuery } from '@shared/schemas/admin';
import type { BroadcastSegment } from '@shared/schemas/admin-outreach';
import type { FunnelRange } from './funnel';

// Type aliases rather than interfaces, so they fit queryString's Record parameter.
export type PageParams = {
  page: number;
  page_size: number;
};

export type SearchPageParams = PageParams & { search: string };

export type StudentListParams = Pick<StudentListQuery, 'page' | 'page_size'> & {
  search: string;
  status: string;
  course: string;
};

export type PaymentListParams = PageParams & {
  search: string;
  status: string;
  type: string;
  method: string;
  flag: string;
};

export type EmailListParams = PageParams & { search: string; status: string };

export type ErasureListParams = PageParams & { status: string };

export type AssessmentListParams = PageParams & { status: string };

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  students: (params: StudentListParams) => [...adminKeys.all, 'students', params] as const,
  studentProgress: (params: SearchPageParams) => [...adminKeys.all, 'student-progress', params] as const,
  referralCodes: (params: SearchPageParams) => [...adminKeys.all, 'referral-codes', params] as const,
  certificates: (params: PageParams) => [...adminKeys.all, 'certificates', params] as const,
  idVerifications: () => [...adminKeys.all, 'id-verifications'] as const,
  decidedIdVerifications: () => [...adminKeys.all, 'id-verifications', 'decided'] as const,
  payments: (params: PaymentListParams) => [...adminKeys.all, 'payments', params] as const,
  auditLog: (params: PageParams) => [...adminKeys.all, 'audit-log', params] as const,
  /** Every page of the contact messages (to invalidate); `messages(params)` is one page. */
  allMessages: () => [...adminKeys.all, 'messages'] as const,
  messages: (params: PageParams) => [...adminKeys.allMessages(), params] as const,
  emails: (params: EmailListParams) => [...adminKeys.all, 'emails', params] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  catalogue: () => [...adminKeys.all, 'catalogue'] as const,
  content: () => [...adminKeys.all, 'content'] as const,
  cohorts: () => [...adminKeys.all, 'cohorts'] as const,
  erasureRequests: (params: ErasureListParams) => [...adminKeys.all, 'erasure-requests', params] as const,
  assessments: (params: AssessmentListParams) => [...adminKeys.all, 'assessments', params] as const,
  /** Every page of the broadcasts and every count (to invalidate); `broadcasts(params)` is one page. */
  allBroadcasts: () => [...adminKeys.all, 'broadcasts'] as const,
  broadcasts: (params: PageParams) => [...adminKeys.allBroadcasts(), params] as const,
  broadcastCount: (segment: BroadcastSegment) => [...adminKeys.allBroadcasts(), 'count', segment] as const,
  suppressions: (params: PageParams) => [...adminKeys.all, 'suppressions', params] as const,
  funnel: (range: FunnelRange) => [...adminKeys.all, 'funnel', range] as const,
};
