/**
 * Deletes a voicemail's recording at Twilio, as the outbox's job (claimed once across the instances
 * that can reach Twilio's voice settings, retried while Twilio is busy or out of reach). A recording
 * already gone counts as deleted.
 */
import { RECORDING_SID, TextRefused, type TwilioRecordings } from '../sms/twilio-client.ts';
import { PermanentFailure, type JobSender } from './worker.ts';

export function createRecordingDeleter(recordings: TwilioRecordings): { 'recording-delete': JobSender } {
  return {
    'recording-delete': async (job, signal) => {
      if (!job.period || !RECORDING_SID.test(job.period)) throw new PermanentFailure('not a recording SID');
      try {
        await recordings.remove(job.period, signal);
      } catch (error) {
        if (error instanceof TextRefused) throw new PermanentFailure(error.message);
        throw error;
      }
    },
  };
}
