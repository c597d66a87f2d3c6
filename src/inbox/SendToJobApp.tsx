import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { words } from './app-words.ts';
import { jobAppWords } from './job-app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { dayMonth } from './time.ts';

const w = jobAppWords.lead;

/** A lead's job in the job app: "Send to ServiceM8" (or Fergus), then where it stands; nothing while no app is connected and the lead was never sent. */
export function SendToJobApp({ leadId }: { leadId: string }) {
  const queryClient = useQueryClient();
  const key = ['lead-job-app', leadId];
  const state = useQuery({
    queryKey: key,
    queryFn: () => api('GET /leads/:id/job-app', { params: { id: leadId } }),
    // While it is being sent, look again now and then: the job queue does the work.
    refetchInterval: (query) => (query.state.data?.send?.state === 'queued' ? 3000 : false),
  });
  const send = useMutation({
    mutationFn: () => api('POST /leads/:id/job-app', { params: { id: leadId } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(key, answer);
      await queryClient.invalidateQueries({ queryKey: ['lead', leadId] });
    },
  });
  const data = state.data;
  if (!data || (!data.vendor && !data.send)) return <Alert message={errorMessage(state.error, words.tryAgain)} />;
  const job = data.send;
  const vendor = job?.vendor ?? data.vendor!;
  const button = (label: string) =>
    data.vendor && (
      <button type="button" className={`${ui.button} mt-3`} disabled={send.isPending} onClick={() => send.mutate()}>
        {label}
      </button>
    );
  return (
    <section aria-labelledby="lead-job-app" className={ui.card}>
      <h2 id="lead-job-app" className={ui.h2}>
        {w.heading}
      </h2>
      <div role="status">
        {job?.state === 'queued' && (
          <>
            <p className="mt-2 font-semibold text-slate-900">{w.sending(vendor)}</p>
            {job.error && <p className="mt-1 text-slate-700">{w.trouble(job.error)}</p>}
          </>
        )}
        {job?.state === 'sent' && (
          <>
            <p className="mt-2 font-semibold text-green-800">{w.sent(vendor, dayMonth(job.sent_at ?? job.requested_at))}</p>
            {job.job_id && <p className="mt-1 break-all text-slate-700">{job.job_number ? w.jobNumber(vendor, job.job_number) : w.job(job.job_id)}</p>}
            {job.job_url && (
              <p className="mt-1">
                {/* The app's own address (com.servicem8://): it opens the installed app, not a tab. */}
                <a className={ui.link} href={job.job_url}>
                  {w.open(vendor)}
                </a>
              </p>
            )}
            {job.requested_by && <p className="mt-1 text-sm text-slate-700">{w.by(job.requested_by)}</p>}
          </>
        )}
      </div>
      {job?.state === 'failed' && (
        <>
          <Alert message={w.failed(vendor, job.error ?? words.tryAgain)} />
          {button(w.again)}
        </>
      )}
      {!job && button(w.send(vendor))}
      <Alert message={errorMessage(send.error, words.tryAgain)} />
    </section>
  );
}
