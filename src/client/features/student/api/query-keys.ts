/** TanStack Query keys of the student area, in one place so mutations invalidate the right data. */
export const studentKeys = {
  all: ['student'] as const,
  record: (id: string) => ['student', id, 'record'] as const,
  progress: (id: string) => ['student', id, 'progress'] as const,
  certificate: (id: string) => ['student', id, 'certificate'] as const,
  idStatus: (email: string) => ['student', email.toLowerCase(), 'id-status'] as const,
};

export const emailPath = (email: string) => encodeURIComponent(email.trim());
