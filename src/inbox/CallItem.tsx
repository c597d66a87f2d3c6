import { useState } from 'react';
import type { LeadCall } from '../../core/inbox-api/contract.ts';
import { apiHref } from './api.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { clockDay } from './time.ts';

const w = words.calls;

/** One call: when, to which number, who was rung and for how long, who answered; the voicemail to play, and for owners to delete. */
export function CallItem({ call, onDeleteRecording, deleting }: { call: LeadCall; onDeleteRecording: (() => void) | undefined; deleting: boolean }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li>
      <p className="font-semibold text-slate-900">
        {call.status === 'answered' ? w.answered(call.answered_by ?? w.someone, call.talk_seconds) : call.status === 'missed' ? w.missed : w.ringing}
      </p>
      <p className="text-slate-700">{w.when(clockDay(call.started_at), call.dialled, call.source, call.after_hours)}</p>
      {call.rung.length > 0 && (
        <>
          <h3 className="mt-2 font-semibold text-slate-900">{w.rungHeading}</h3>
          <ol className="list-decimal pl-6 text-slate-700">
            {call.rung.map((leg, i) => (
              <li key={i}>{w.leg(leg.name, leg.seconds, leg.result)}</li>
            ))}
          </ol>
        </>
      )}
      {call.voicemail_seconds !== null && (
        <div className="mt-3">
          <h3 className="font-semibold text-slate-900">{w.voicemail(call.voicemail_seconds)}</h3>
          {/* Fetched through the server for the signed-in person only; never preloaded. Its words are the transcript below, where Twilio made one. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a voicemail has no caption track; its transcript is shown as text */}
          <audio className="mt-1 w-full" controls preload="none" src={apiHref('GET /calls/:sid/recording', { params: { sid: call.sid } })}>
            {w.noAudio}
          </audio>
          {call.transcript && <p className="mt-1 text-slate-700">{w.transcript(call.transcript)}</p>}
          {onDeleteRecording &&
            (confirming ? (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <span className="text-slate-900">{w.confirmDelete}</span>
                <button type="button" className={ui.danger} disabled={deleting} onClick={onDeleteRecording}>
                  {w.delete}
                </button>
                <button type="button" className={ui.secondary} onClick={() => setConfirming(false)}>
                  {w.keep}
                </button>
              </div>
            ) : (
              <button type="button" className={`${ui.secondary} mt-2`} onClick={() => setConfirming(true)}>
                {w.deleteVoicemail}
              </button>
            ))}
        </div>
      )}
    </li>
  );
}
