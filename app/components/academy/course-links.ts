/** The registration page with the course chosen in its select (unprefixed; localize it). */
export function registerPath(course: string): string {
  return `/academy/register?course=${encodeURIComponent(course)}`
}

export function courseTitleId(course: string): string {
  return `course-${course}-title`
}
