/**
 * Twilio's webhooks for calls to the business's numbers (voice-paths.ts). Anyone can reach these
 * addresses, so nothing is believed before the X-Twilio-Signature checks out over PUBLIC_ORIGIN's
 * URL and the form, and a webhook already taken (the same signature) is refused, in the same unit of
 * work as what it does. What each step does is the call's rules' (call-flow.ts); a step that
 * decided the call stores its lead before answering (call-leads.ts). No number, recording address
 * or transcript is logged.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { LeadPurpose, LeadStore } from '../storage/types.ts';
import type { Work } from '../storage/steps.ts';
import { firstCallback } from '../storage/text-work.ts';
import { addRecording, addTranscript, callBySid } from '../storage/call-records.ts';
import { addEvent } from '../storage/lead-work.ts';
import { replayed, sayVerb, signedForm, takeTwilioForms, twimlReply, type SignedForm } from '../sms/twilio-webhook.ts';
import { callIn, callOver, keyPressed, ringEnded, whisperFor, RING_SECONDS, type CallNext, type CallStep } from './call-flow.ts';
import { callNews, storeCallLead } from './call-leads.ts';
import { dialVerb, gatherVerb, hangupVerb, recordVerb } from './twiml.ts';
import { voiceWords } from './voice-words.ts';
import {
  VOICE_INCOMING_PATH,
  VOICE_KEY_PATH,
  VOICE_RECORDING_PATH,
  VOICE_STATUS_PATH,
  VOICE_STEP_PATH,
  VOICE_TRANSCRIPT_PATH,
  VOICE_VOICEMAIL_PATH,
  VOICE_WHISPER_PATH,
} from './voice-paths.ts';

export interface VoiceRoutesOptions {
  store: LeadStore;
  authToken: string;
  /** The origin Twilio calls (PUBLIC_ORIGIN): the signature covers the full URL as Twilio saw it. */
  publicOrigin: string;
  /** The numbers the business advertises, each with its source name (TWILIO_VOICE_NUMBERS). */
  numbers: ReadonlyMap<string, string>;
  /** A new lead's jobs, as a form lead's (its e-mail to the business, the web hook). */
  leadPurposes: readonly LeadPurpose[];
  /** The time a call comes in, to tell office hours from after hours (tests set it). */
  clock?: () => Date;
}

/** The longest voicemail, in seconds. */
export const VOICEMAIL_SECONDS = 120;
/** How long the person rung has to press 1 once the whisper is said. */
const KEY_SECONDS = 8;

const CALL_SID = /^CA[0-9a-f]{32}$/i;
const RECORDING_SID = /^RE[0-9a-f]{32}$/i;
const E164 = /^\+[1-9]\d{6,14}$/;
const TRANSCRIPT_CHARS = 4000;

const refuse = (message: string) => Object.assign(new Error(message), { statusCode: 400 });
const callSid = (value: string) => {
  if (!CALL_SID.test(value)) throw refuse('not a call');
  return value;
};
/** The step (1 to 3) a URL names. */
function stepOf(request: FastifyRequest): number {
  const n = Number((request.query as Record<string, unknown>).n);
  if (!Number.isInteger(n) || n < 1 || n > 3) throw refuse('no such step');
  return n;
}
const seconds = (value: string) => (/^\d{1,6}$/.test(value) ? Number(value) : null);

export const voiceRoutes: FastifyPluginAsync<VoiceRoutesOptions> = async (
  app,
  { store, authToken, publicOrigin, numbers, leadPurposes, clock = () => new Date() },
) => {
  const twilio = { origin: new URL(publicOrigin).origin, authToken };
  const at = (path: string, query: Record<string, string | number> = {}) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return `${twilio.origin}${path}${search ? `?${search}` : ''}`;
  };
  takeTwilioForms(app, 'call webhook');

  /** The caller's next TwiML. */
  const callerVerbs = (sid: string, next: CallNext): string => {
    const w = voiceWords.caller;
    switch (next.kind) {
      case 'ring':
        return (
          sayVerb(next.first ? w.greeting : w.stillTrying) +
          dialVerb({
            action: at(VOICE_STEP_PATH, { n: next.step }),
            timeout: RING_SECONDS,
            phone: next.person.phone,
            whisperUrl: at(VOICE_WHISPER_PATH, { call: sid, n: next.step }),
          })
        );
      case 'voicemail':
        return (
          sayVerb(w.voicemail) +
          recordVerb({
            action: at(VOICE_VOICEMAIL_PATH),
            maxLength: VOICEMAIL_SECONDS,
            recordingStatusCallback: at(VOICE_RECORDING_PATH),
            transcribeCallback: at(VOICE_TRANSCRIPT_PATH),
          }) +
          sayVerb(w.thanks) +
          hangupVerb
        );
      case 'hangup':
        return hangupVerb;
    }
  };

  /**
   * Stores the lead of a call just decided, beside the answer rather than before it (Twilio waits
   * for the answer; the caller hears it). A failure is logged, and the call's next webhook tries again.
   */
  const storeLeadOf = (request: FastifyRequest, sid: string) =>
    storeCallLead(store, sid, leadPurposes).catch((error: unknown) => request.log.error({ err: error }, 'call lead could not be stored'));

  /**
   * One webhook: signed, taken once (`work` runs in the unit of work that records its signature),
   * answered with the TwiML `work` gives. A call `work` names in `sid` that was decided and has no
   * lead yet has it stored at once.
   */
  const webhook = (path: string, work: (signed: SignedForm, request: FastifyRequest) => { sid: string; run: () => Work<string>; mayEnd?: boolean }) =>
    app.post(path, async (request, reply) => {
      const signed = signedForm(request, reply, twilio, path);
      if (!signed) return reply;
      const { sid, run, mayEnd = true } = work(signed, request);
      const taken = await store.transact(function* () {
        if (!(yield* firstCallback(signed.signature))) return undefined;
        const verbs = yield* run();
        // A call still ringing has no lead due; only the steps that may end it look.
        if (!mayEnd) return { verbs, leadDue: false };
        const call = yield* callBySid(sid);
        return { verbs, leadDue: Boolean(call && call.status !== 'ringing' && !call.lead_id) };
      });
      if (!taken) return replayed(reply);
      if (taken.leadDue) void storeLeadOf(request, sid);
      return twimlReply(reply, taken.verbs);
    });

  webhook(VOICE_INCOMING_PATH, (signed) => {
    const sid = callSid(signed.field('CallSid'));
    const dialled = signed.field('To');
    const from = signed.field('From');
    const call = { sid, dialled: E164.test(dialled) ? dialled : '', source: numbers.get(dialled) ?? '', caller: E164.test(from) ? from : '' };
    return {
      sid,
      run: function* () {
        const step: CallStep = yield* callIn(call, clock());
        return callerVerbs(sid, step.next);
      },
    };
  });

  webhook(VOICE_STEP_PATH, (signed, request) => {
    const sid = callSid(signed.field('CallSid'));
    const step = stepOf(request);
    const dial = {
      status: signed.field('DialCallStatus'),
      seconds: seconds(signed.field('DialCallDuration')),
      callerGone: signed.field('CallStatus') === 'completed',
    };
    return {
      sid,
      run: function* () {
        const ended = yield* ringEnded(sid, step, dial);
        if (ended.talked) yield* callNews(sid, { talked: true });
        else yield* callNews(sid, {});
        return callerVerbs(sid, ended.next);
      },
    };
  });

  // The whisper and the key are the person rung's, on their own leg: the call they belong to is in the URL Twilio signed.
  webhook(VOICE_WHISPER_PATH, (_signed, request) => {
    const sid = callSid(String((request.query as Record<string, unknown>).call ?? ''));
    const step = stepOf(request);
    return {
      sid,
      mayEnd: false,
      run: function* () {
        const ringing = yield* whisperFor(sid, step);
        if (!ringing) return sayVerb(voiceWords.callee.taken) + hangupVerb;
        return (
          gatherVerb({ action: at(VOICE_KEY_PATH, { call: sid, n: step }), timeout: KEY_SECONDS }, sayVerb(voiceWords.callee.whisper(ringing.afterHours))) +
          sayVerb(voiceWords.callee.noKey) +
          hangupVerb
        );
      },
    };
  });

  webhook(VOICE_KEY_PATH, (signed, request) => {
    const sid = callSid(String((request.query as Record<string, unknown>).call ?? ''));
    const step = stepOf(request);
    const digits = signed.field('Digits').slice(0, 8);
    return {
      sid,
      run: function* () {
        const pressed = yield* keyPressed(sid, step, digits);
        // An empty answer ends the whisper, and Twilio connects the two.
        return pressed.taken ? '' : sayVerb(voiceWords.callee.taken) + hangupVerb;
      },
    };
  });

  /** A recording Twilio reports, with the voicemail's event once its lead exists. */
  const recording = (signed: SignedForm) => {
    const sid = callSid(signed.field('CallSid'));
    const recordingSid = signed.field('RecordingSid');
    const url = signed.field('RecordingUrl');
    const length = seconds(signed.field('RecordingDuration')) ?? 0;
    const kept = RECORDING_SID.test(recordingSid) && URL.canParse(url) && new URL(url).protocol === 'https:' && length > 0;
    return {
      sid,
      keep: function* () {
        const added = kept && (yield* addRecording(sid, { sid: recordingSid, url, seconds: length }));
        return added;
      },
    };
  };

  webhook(VOICE_VOICEMAIL_PATH, (signed) => {
    const { sid, keep } = recording(signed);
    return {
      sid,
      run: function* () {
        const added = yield* keep();
        // The voicemail ends when the caller hangs up or presses #: the call is over for us.
        yield* callOver(sid);
        yield* callNews(sid, { voicemail: added });
        return sayVerb(voiceWords.caller.thanks) + hangupVerb;
      },
    };
  });

  webhook(VOICE_RECORDING_PATH, (signed) => {
    const { sid, keep } = recording(signed);
    const completed = signed.field('RecordingStatus') === 'completed';
    return {
      sid,
      run: function* () {
        const added = completed && (yield* keep());
        yield* callNews(sid, { voicemail: added });
        return '';
      },
    };
  });

  webhook(VOICE_TRANSCRIPT_PATH, (signed) => {
    const sid = callSid(signed.field('CallSid'));
    const text = signed
      .field('TranscriptionText')
      .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
      .trim()
      .slice(0, TRANSCRIPT_CHARS);
    const completed = signed.field('TranscriptionStatus') === 'completed';
    return {
      sid,
      run: function* () {
        if (completed && text && (yield* addTranscript(sid, text))) {
          const call = yield* callBySid(sid);
          if (call?.lead_id) yield* addEvent(call.lead_id, 'customer', null, voiceWords.events.transcript(text));
        }
        return '';
      },
    };
  });

  webhook(VOICE_STATUS_PATH, (signed) => {
    const sid = callSid(signed.field('CallSid'));
    const over = ['completed', 'busy', 'failed', 'no-answer', 'canceled'].includes(signed.field('CallStatus'));
    return {
      sid,
      run: function* () {
        if (over) {
          yield* callOver(sid);
          yield* callNews(sid, {});
        }
        return '';
      },
    };
  });
};
