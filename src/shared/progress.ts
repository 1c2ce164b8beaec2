import { COURSES, FOUNDATION_STAGES, type CourseType } from './catalogue';

export interface ProgressSummary {
  foundation_progress: boolean[];
  pro_progress: boolean[];
  progress_percentage: number;
  total_stages: number;
  completed_stages: number;
}

/**
 * Turns the completed stage numbers of a student into the progress fields of SPEC.md section 3.
 * `foundation_progress` holds stages 1-5, `pro_progress` stages 6-9 (empty for Foundation).
 * With no course, everything is zero/empty.
 */
export function summariseProgress(course: CourseType | null, completedStageNumbers: Iterable<number>): ProgressSummary {
  if (!course) {
    return { foundation_progress: [], pro_progress: [], progress_percentage: 0, total_stages: 0, completed_stages: 0 };
  }
  const total = COURSES[course].stages.length;
  const done = new Set([...completedStageNumbers].filter((n) => n >= 1 && n <= total));
  const flags = Array.from({ length: total }, (_, i) => done.has(i + 1));
  return {
    foundation_progress: flags.slice(0, FOUNDATION_STAGES.length),
    pro_progress: flags.slice(FOUNDATION_STAGES.length),
    progress_percentage: Math.round((done.size / total) * 10000) / 100,
    total_stages: total,
    completed_stages: done.size,
  };
}
