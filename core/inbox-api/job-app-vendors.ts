/**
 * The job apps a lead can be sent to, and their names, which the inbox app, the API's schemas and
 * the server share (no zod here: the app bundles this file, and zod would double its first load).
 */
export const jobAppVendors = ['servicem8', 'fergus'] as const;
export type JobAppVendor = (typeof jobAppVendors)[number];
/** Each app's name as its makers write it. */
export const jobAppNames: Record<JobAppVendor, string> = { servicem8: 'ServiceM8', fergus: 'Fergus' };
