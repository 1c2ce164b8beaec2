import { COURSES, type CourseType } from '@shared/catalogue';

/** A student's stage progress: one flag per tracked stage of their course (stage n at index n-1). */
export interface ProgressSummary {
  stages: boolean[];
  completed: number;
  total: number;
  /** Two decimals, e.g. 44.44. Computed here, never by the client. */
  percentage: number;
}

/** Turns the completed stage numbers of a student into their progress. With no course, nothing is tracked. */
export function summariseProgress(course: CourseType | null, completedStageNumbers: Iterable<number>): ProgressSummary {
  if (!course) return { stages: [], completed: 0, total: 0, percentage: 0 };
  const total = COURSES[course].stages.length;
  const done = new Set([...completedStageNumbers].filter((n) => n >= 1 && n <= total));
  return {
    stages: Array.from({ length: total }, (_, i) => done.has(i + 1)),
    completed: done.size,
    total,
    percentage: Math.round((done.size / total) * 10000) / 100,
  };
}
