import type { StudentRecord } from '@shared/schemas/student';

export const fullName = (s: StudentRecord) => `${s.first_name} ${s.last_name}`;
