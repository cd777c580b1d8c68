/** The report form's bounds, shared by the schema and the browser form (which must not load zod). */
export const REPORT_MESSAGE_MAX = 2000;
/** A person takes a few seconds to read the form and type; a script posting at once is refused. */
export const MIN_FILL_MS = 3_000;
