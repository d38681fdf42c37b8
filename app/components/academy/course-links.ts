import type { CourseId } from '~/lib/site/site-data'

/** The registration page with the course chosen in its select (unprefixed; localize it). */
export function registerPath(course: CourseId): string {
  return `/academy/register?course=${encodeURIComponent(course)}`
}

export function courseTitleId(course: CourseId): string {
  return `course-${course}-title`
}
