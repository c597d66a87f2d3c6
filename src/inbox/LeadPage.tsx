import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { linkHandler, placeHref } from './place.ts';
import type { SessionUser } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { LeadSummary } from './LeadSummary.tsx';
import { SpamRelease } from './SpamRelease.tsx';
import { StatusForm } from './StatusForm.tsx';
import { NoteForm } from './NoteForm.tsx';
import { FollowUpForm } from './FollowUpForm.tsx';
import { Timeline } from './Timeline.tsx';
import { Notifications } from './Notifications.tsx';
import { OwnerActions } from './OwnerActions.tsx';
import { LeadPartners } from './LeadPartners.tsx';
import { HolderCard } from './HolderCard.tsx';
import { GotThisButton } from './GotThisButton.tsx';
import { LeadReview } from './LeadReview.tsx';
import { SendToJobApp } from './SendToJobApp.tsx';
import { LeadCalls } from './LeadCalls.tsx';

/** One lead: the partner holding the job first, when one does; who and how to reach them, what they asked, and everything the business does with it. */
export function LeadPage({ id, user, go }: { id: string; user: SessionUser; go: (href: string) => void }) {
  const lead = useQuery({ queryKey: ['lead', id], queryFn: () => api('GET /leads/:id', { params: { id } }) });
  const back = placeHref({ kind: 'list', view: 'new', q: '' });
  return (
    <>
      <a href={back} onClick={linkHandler(go, back)} className={ui.link}>
        ← {words.lead.back}
      </a>
      <Alert message={errorMessage(lead.error, words.tryAgain)} />
      {lead.isPending && <p className="mt-6 text-slate-700">{words.loading}</p>}
      {lead.data && !lead.data.lead.holder && <GotThisButton id={id} />}
      {lead.data?.lead.holder && (
        <div className="mt-4">
          <HolderCard holder={lead.data.lead.holder} attendBy={lead.data.lead.attend_by} status={lead.data.lead.status} />
        </div>
      )}
      {lead.data && (
        <div className="mt-4 grid gap-4 lg:grid-cols-[3fr_2fr]">
          <div className="grid content-start gap-4">
            <LeadSummary lead={lead.data.lead} />
            <LeadCalls leadId={id} owner={user.role === 'owner'} />
            {lead.data.lead.spam && <SpamRelease lead={lead.data.lead} />}
          </div>
          <div className="grid content-start gap-4">
            <StatusForm lead={lead.data.lead} />
            <SendToJobApp leadId={id} />
            <LeadReview leadId={id} canChange={user.role === 'owner'} />
            <LeadPartners leadId={id} holder={lead.data.lead.holder} urgent={lead.data.lead.urgent} />
            <NoteForm leadId={id} />
            <FollowUpForm lead={lead.data.lead} />
            <Timeline entries={lead.data.timeline} />
            <Notifications leadId={id} notifications={lead.data.notifications} />
            {user.role === 'owner' && <OwnerActions lead={lead.data.lead} onDeleted={() => go(back)} />}
          </div>
        </div>
      )}
    </>
  );
}
