import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { CallItem } from './CallItem.tsx';
import { useDeleteRecording, useLeadCalls } from './useCalls.ts';

const w = words.calls;

/** The calls a lead came from: nothing when it came by the form. */
export function LeadCalls({ leadId, owner }: { leadId: string; owner: boolean }) {
  const calls = useLeadCalls(leadId);
  const remove = useDeleteRecording(leadId);
  if (!calls.data?.calls.length) return null;
  return (
    <section aria-labelledby={`calls-${leadId}`} className={ui.card}>
      <h2 id={`calls-${leadId}`} className={ui.h2}>
        {w.heading}
      </h2>
      <ul className="mt-2 grid gap-4">
        {calls.data.calls.map((call) => (
          <CallItem
            key={call.sid}
            call={call}
            onDeleteRecording={owner ? () => remove.mutate(call.sid) : undefined}
            deleting={remove.isPending && remove.variables === call.sid}
          />
        ))}
      </ul>
      <Alert message={errorMessage(remove.error, words.tryAgain)} />
    </section>
  );
}
