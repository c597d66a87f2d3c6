import { api } from './api.ts';
import type { Notification } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { useLeadChange } from './useLeadChange.ts';

/** Each notification of the lead with its state, attempts and last error; "Send again" for a failed one. */
export function Notifications({ leadId, notifications }: { leadId: string; notifications: Notification[] }) {
  const { mutation } = useLeadChange(leadId, (id: string) => api('POST /notifications/:id/send-again', { params: { id } }));
  return (
    <section aria-labelledby="notifications-heading" className={ui.card}>
      <h2 id="notifications-heading" className={ui.h2}>
        {words.lead.notifications}
      </h2>
      {notifications.length === 0 && <p className="mt-1 text-slate-700">{words.lead.noNotifications}</p>}
      <ul className="mt-2 space-y-3">
        {notifications.map((n) => (
          <li key={n.id}>
            <p className="font-semibold text-slate-900">{n.label}</p>
            <p className="text-sm text-slate-700">
              {words.lead.states[n.state]} · {words.lead.attempts(n.attempts)}
            </p>
            {n.last_error && (
              <p className="text-sm break-words text-alert-700">
                {words.lead.lastError}: {n.last_error}
              </p>
            )}
            {n.can_send_again && (
              <button type="button" className={`${ui.secondary} mt-2`} disabled={mutation.isPending} onClick={() => mutation.mutate(n.id)}>
                {words.lead.sendAgain}
              </button>
            )}
          </li>
        ))}
      </ul>
      <Alert message={errorMessage(mutation.error, words.tryAgain)} />
    </section>
  );
}
