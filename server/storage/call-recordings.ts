/**
 * A voicemail's recording is Twilio's to keep, so forgetting one here is not enough: each recording
 * forgotten (an owner deleted it, or its lead was deleted on request or at the end of its keeping)
 * queues its deletion at Twilio, one job per recording, run where the server can reach Twilio's
 * voice settings. The job is not tied to the lead, so it outlives the lead it came from.
 */
import { all, type Work } from './steps.ts';
import { enqueue } from './job-queue.ts';
import { callBySid, forgetRecording } from './call-records.ts';

const deleteAtTwilio = (recordingSid: string) => enqueue({ purpose: 'recording-delete', of: { period: recordingSid } });

/** Forgets a call's recording and queues its deletion at Twilio; the call's lead and the transcript it had, or undefined when it had no recording. */
export function* deleteCallRecording(callSid: string): Work<{ leadId: string | null; transcript: string | null } | undefined> {
  const call = yield* callBySid(callSid);
  if (!call?.recording_sid || !(yield* forgetRecording(callSid))) return undefined;
  yield* deleteAtTwilio(call.recording_sid);
  return { leadId: call.lead_id, transcript: call.transcript };
}

/**
 * Queues the deletion at Twilio of the recordings of the leads `leadsSql` selects (their ids), as
 * those leads are about to be deleted with their calls.
 */
export function* recordingsGoWithLeads(leadsSql: string, ...params: unknown[]): Work<void> {
  const rows = yield* all(`SELECT recording_sid FROM calls WHERE recording_sid IS NOT NULL AND lead_id IN (${leadsSql})`, ...params);
  for (const row of rows) yield* deleteAtTwilio(String(row.recording_sid));
}
