/**
 * The TwiML verbs the business line answers with, beyond <Say> (sayVerb, twilio-webhook.ts): each
 * value (a number, a URL) goes through xmlText, so nothing in an answer is written unescaped.
 */
import { xmlText } from '../sms/twilio-webhook.ts';

type Attrs = Record<string, string | number | boolean | undefined>;

const attrs = (given: Attrs) =>
  Object.entries(given)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlText(String(v))}"`)
    .join('');

/** Rings one number for `timeout` seconds; `whisperUrl` runs on the callee's side once they answer, before they are connected. */
export const dialVerb = (o: { action: string; timeout: number; phone: string; whisperUrl: string; callerId?: string | undefined }) =>
  `<Dial${attrs({ action: o.action, method: 'POST', timeout: o.timeout, answerOnBridge: true, callerId: o.callerId })}><Number${attrs({
    url: o.whisperUrl,
    method: 'POST',
  })}>${xmlText(o.phone)}</Number></Dial>`;

/** Waits for one key, saying `inner` (already TwiML) meanwhile. */
export const gatherVerb = (o: { action: string; timeout: number }, inner: string) =>
  `<Gather${attrs({ action: o.action, method: 'POST', numDigits: 1, timeout: o.timeout, actionOnEmptyResult: false })}>${inner}</Gather>`;

/** Records the caller's message, at most `maxLength` seconds, with its status and transcript posted back. */
export const recordVerb = (o: { action: string; maxLength: number; recordingStatusCallback: string; transcribeCallback: string }) =>
  `<Record${attrs({
    action: o.action,
    method: 'POST',
    maxLength: o.maxLength,
    playBeep: true,
    finishOnKey: '#',
    recordingStatusCallback: o.recordingStatusCallback,
    recordingStatusCallbackMethod: 'POST',
    transcribe: true,
    transcribeCallback: o.transcribeCallback,
  })}/>`;

export const hangupVerb = '<Hangup/>';
