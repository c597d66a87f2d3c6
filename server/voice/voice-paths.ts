/**
 * Where Twilio posts about calls to the business's numbers. Paste the first into each number's
 * "A call comes in" and the last into its "Call status changes" in Twilio's console; the others are
 * named in the answers themselves.
 */
export const VOICE_INCOMING_PATH = '/voice/twilio/incoming';
/** Each person's ring ended (the <Dial> action), with `?n=` the step. */
export const VOICE_STEP_PATH = '/voice/twilio/step';
/** The person rung answered: the whisper and "press 1", on their side only. */
export const VOICE_WHISPER_PATH = '/voice/twilio/whisper';
/** The key the person rung pressed. */
export const VOICE_KEY_PATH = '/voice/twilio/key';
/** The caller's voicemail ended (the <Record> action). */
export const VOICE_VOICEMAIL_PATH = '/voice/twilio/voicemail';
/** The voicemail's recording is ready. */
export const VOICE_RECORDING_PATH = '/voice/twilio/recording';
/** The voicemail's transcript, where the account transcribes. */
export const VOICE_TRANSCRIPT_PATH = '/voice/twilio/transcript';
/** The call ended, however it ended (the caller hung up during the greeting, for one). */
export const VOICE_STATUS_PATH = '/voice/twilio/status';
/** The key pressed on one of the escalation ladder's calls, with `?step=` the ladder's step (given with each call, not set in the console). */
export const LADDER_CALL_PATH = '/voice/twilio/ladder';
