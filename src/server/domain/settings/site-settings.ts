/**
 * The school's settings that the site prints: read only through these functions, so where they come
 * from (today the environment, through the config) can change in one place.
 */
import type { CourseType } from '@shared/catalogue';

/** The course links, per course (COURSE_ACCESS_URL_FOUNDATION / _PRO). */
export type CourseAccessUrls = Partial<Record<CourseType, string>>;

/** The CPD provider number printed on certificates, or null when none is configured: then no CPD line is printed. */
export function cpdProviderNumber(site: { cpdProviderNumber: string | null }): string | null {
  return site.cpdProviderNumber?.trim() || null;
}

/** The link to a course's materials, or null when none is configured. */
export function courseAccessUrl(site: { courseAccessUrls: CourseAccessUrls }, course: CourseType): string | null {
  return site.courseAccessUrls[course] ?? null;
}
