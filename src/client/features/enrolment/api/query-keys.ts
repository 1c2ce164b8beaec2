/** TanStack Query keys of the enrolment wizard, in one place. */
export const enrolmentKeys = {
  courseDates: () => ['course-dates'] as const,
  student: (id: string) => ['enrolment', 'student', id] as const,
};
