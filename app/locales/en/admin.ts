/** The staff admin panel: login, shell, dashboard, patients, students, staff accounts. */
export const admin = {} as const
