/** TanStack Query keys of the student area, in one place so mutations invalidate the right data. */
export const studentKeys = {
  all: ['student'] as const,
  record: (id: string) => [...studentKeys.all, id, 'record'] as const,
  progress: (id: string) => [...studentKeys.all, id, 'progress'] as const,
  certificate: (id: string) => [...studentKeys.all, id, 'certificate'] as const,
  assessment: (id: string) => [...studentKeys.all, id, 'assessment'] as const,
  invoices: (id: string) => [...studentKeys.all, id, 'invoices'] as const,
  erasureRequest: (id: string) => [...studentKeys.all, id, 'erasure-request'] as const,
  idStatus: (email: string) => [...studentKeys.all, email.toLowerCase(), 'id-status'] as const,
};

export const emailPath = (email: string) => encodeURIComponent(email.trim());
