/** The days of the week, Monday first (ISO day 1): the names the owner ticks in the office hours, as schema.org names them too. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
