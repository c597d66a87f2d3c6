/**
 * Version 40: `job_app_sends.job_number`, the number the job app shows its own users for the job
 * (ServiceM8's job 1042), read once the job is made, so the lead names the job as the owner finds
 * it in the app rather than by the app's internal id.
 */
export function migration(): string[] {
  return ['ALTER TABLE job_app_sends ADD COLUMN job_number TEXT'];
}
