import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { useAcknowledge } from './useLadder.ts';

const w = words.ladder;

/** "I've got this" under a lead in the list whose ladder runs: the same press as on its page, named for its lead. */
export function GotThisListButton({ id, who }: { id: string; who: string }) {
  const acknowledge = useAcknowledge(id);
  return (
    <div className="px-4 pb-3">
      {acknowledge.isSuccess ? (
        <p role="status" className="font-semibold text-green-800">
          {w.youHaveIt}
        </p>
      ) : (
        <button
          type="button"
          className={`${ui.button} w-full sm:w-auto`}
          aria-label={w.gotThisFor(who)}
          disabled={acknowledge.isPending}
          onClick={() => acknowledge.mutate()}
        >
          {w.gotThis}
        </button>
      )}
      <Alert message={errorMessage(acknowledge.error, words.tryAgain)} />
    </div>
  );
}
