import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { useAcknowledge, useLeadLadder } from './useLadder.ts';

const w = words.ladder;

/**
 * "I've got this" on the page of a lead whose ladder runs (nobody has the urgent job): one press and
 * the alerts stop, and everyone woken is told who has it. Once someone has, it says who.
 */
export function GotThisButton({ id }: { id: string }) {
  const ladder = useLeadLadder(id);
  const acknowledge = useAcknowledge(id);
  const isRunning = ladder.data?.running ?? false;
  const by = acknowledge.data?.acknowledged_by ?? ladder.data?.acknowledged_by ?? null;
  if (!isRunning && !by) return null;
  const button = (
    <button type="button" className={`${ui.button} w-full sm:w-auto`} disabled={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
      {w.gotThis}
    </button>
  );
  return (
    <section aria-labelledby={`got-this-${id}`} className="mt-4 rounded-lg border-2 border-alert-700 bg-white p-4 shadow-sm">
      <h2 id={`got-this-${id}`} className={ui.h2}>
        {by ? w.hasIt(by) : w.nobodyHasIt}
      </h2>
      {isRunning && !acknowledge.data && (
        <>
          <p className="mt-1 text-slate-700">{w.gotThisIntro}</p>
          <div className="mt-3">{button}</div>
        </>
      )}
      {acknowledge.data && (
        <p role="status" className="mt-1 font-semibold text-green-800">
          {w.youHaveIt}
        </p>
      )}
      <Alert message={errorMessage(acknowledge.error, words.tryAgain)} />
    </section>
  );
}
