import { useMutation } from '@tanstack/react-query';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { usePhoneAlerts, type PhoneAlertState } from './usePhoneAlerts.ts';

const w = words.phoneAlerts;

/** What the switch says of this phone, in plain words, for each state. */
const stateSentence: Record<PhoneAlertState, string> = {
  checking: w.checking,
  unsupported: w.unsupported,
  iphone: w.iphone,
  blocked: w.blocked,
  off: w.off,
  on: w.on,
};

/** The person's own switch for alerts on the phone or computer they are using: on, off, and a test. */
export function PhoneAlerts() {
  const alerts = usePhoneAlerts();
  const turnOn = useMutation({ mutationFn: alerts.turnOn });
  const turnOff = useMutation({ mutationFn: alerts.turnOff });
  const test = useMutation({ mutationFn: alerts.test });
  const busy = turnOn.isPending || turnOff.isPending || test.isPending;
  const { state } = alerts;
  const tested = test.data && (test.data.sent > 0 ? w.testSent(test.data.sent) : w.testNone);
  return (
    <section aria-labelledby="phone-alerts" className={`${ui.card} mt-8`}>
      <h2 id="phone-alerts" className={ui.h2}>
        {w.heading}
      </h2>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      <p
        role="status"
        className={`mt-3 ${state === 'on' ? 'font-semibold text-green-800' : state === 'off' ? 'font-semibold text-slate-900' : 'text-slate-900'}`}
      >
        {stateSentence[state]}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {(state === 'off' || state === 'blocked') && (
          <button type="button" className={ui.button} disabled={busy} onClick={() => turnOn.mutate()}>
            {turnOn.isPending ? w.turningOn : w.turnOn}
          </button>
        )}
        {state === 'on' && (
          <>
            <button type="button" className={ui.button} disabled={busy} onClick={() => test.mutate()}>
              {w.test}
            </button>
            <button type="button" className={ui.secondary} disabled={busy} onClick={() => turnOff.mutate()}>
              {w.turnOff}
            </button>
          </>
        )}
      </div>
      {tested && (
        <p role="status" className="mt-3 text-slate-700">
          {tested}
        </p>
      )}
      <Alert
        message={
          turnOn.data === 'not-allowed' && state !== 'blocked'
            ? w.notAllowed
            : (errorMessage(test.error, words.tryAgain) ?? (turnOn.isError || turnOff.isError ? w.failed : undefined))
        }
      />
    </section>
  );
}
