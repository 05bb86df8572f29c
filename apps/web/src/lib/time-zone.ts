/** The reader's own time zone: the server reads the days of a date filter in it, as the reader means them. */
export const browserTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
