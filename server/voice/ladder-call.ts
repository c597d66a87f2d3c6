/**
 * The escalation ladder's phone call. A call step rings its person from the business's voice number
 * and asks them to press 1 to take the job; Twilio posts the key to LADDER_CALL_PATH, signed. The
 * step the call is for travels in that URL, which the signature covers, so only Twilio can say a key
 * was pressed on it, and each signed callback is taken once (a replay is refused): a forged or
 * replayed "pressed 1" closes no ladder. A call that rings out, reaches a voicemail or gets any other
 * key acknowledges nothing, and the ladder goes on.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { LeadStore } from '../storage/types.ts';
import { firstCallback } from '../storage/text-work.ts';
import { acknowledgeByCall, type AckOutcome } from '../dispatch/ladder.ts';
import { ladderWords, type LadderJob } from '../dispatch/ladder-words.ts';
import { replayed, sayVerb, signedForm, takeTwilioForms, twimlReply } from '../sms/twilio-webhook.ts';
import { gatherVerb, hangupVerb } from './twiml.ts';
import { LADDER_CALL_PATH } from './voice-paths.ts';

/** How long a ladder call rings before it counts as not answered: long enough to wake someone, and most voicemails answer later. */
export const LADDER_RING_SECONDS = 25;
/** How long the call waits for a key after the prompt. */
const KEY_WAIT_SECONDS = 6;

const words = ladderWords.call;

/** What a ladder call plays once answered: the job, press 1, said twice; the key goes to the step's signed callback. */
export function ladderCallTwiml(job: LadderJob, origin: string, period: string): string {
  const action = `${origin}${LADDER_CALL_PATH}?step=${encodeURIComponent(period)}`;
  const prompt = sayVerb(words.prompt(job));
  return `<Response>${gatherVerb({ action, timeout: KEY_WAIT_SECONDS }, `${prompt}<Pause length="1"/>${prompt}`)}${sayVerb(words.noKey)}${hangupVerb}</Response>`;
}

function answer(outcome: AckOutcome | 'not-one'): string {
  if (outcome === 'not-one') return words.notOne;
  if (outcome.kind === 'acknowledged') return words.acknowledged(outcome.lead.phone);
  if (outcome.kind === 'already') return outcome.mine ? words.acknowledged('') : words.already(outcome.by);
  return words.ended;
}

export interface LadderCallRoutesOptions {
  store: LeadStore;
  authToken: string;
  /** The origin Twilio calls (PUBLIC_ORIGIN): the signature covers the full URL as Twilio saw it. */
  publicOrigin: string;
}

export const ladderCallRoutes: FastifyPluginAsync<LadderCallRoutesOptions> = async (app, { store, authToken, publicOrigin }) => {
  takeTwilioForms(app, 'ladder call callback');
  const twilio = { origin: new URL(publicOrigin).origin, authToken };

  app.post(LADDER_CALL_PATH, async (request, reply) => {
    const signed = signedForm(request, reply, twilio, LADDER_CALL_PATH);
    if (!signed) return reply;
    const { step } = (request.query ?? {}) as Record<string, unknown>;
    const period = typeof step === 'string' ? step.slice(0, 200) : '';
    const pressed = signed.field('Digits');
    const outcome = await store.transact(function* () {
      if (!(yield* firstCallback(signed.signature))) return undefined;
      return pressed === '1' ? yield* acknowledgeByCall(period) : ('not-one' as const);
    });
    if (!outcome) return replayed(reply);
    request.log.info({ ladderCall: outcome === 'not-one' ? 'not-one' : outcome.kind }, 'ladder call key');
    return twimlReply(reply, `${sayVerb(answer(outcome))}${hangupVerb}`);
  });
};
