import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadReview as Review } from '../../core/inbox-api/contract.ts';
import { api } from './api.ts';
import { words } from './app-words.ts';
import { reviewWords } from './review-words.ts';
import { clockDay } from './time.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';

const w = reviewWords.lead;

/** Where the lead's Google review request stands, in a sentence or two. */
function standing(review: Review): string[] {
  switch (review.state) {
    case 'none':
      return [w.none];
    case 'queued':
      return [w.queued(clockDay(review.due ?? Date.now()))];
    case 'skipped':
      return [w.skipped];
    case 'held':
      return [review.reason ? w.held[review.reason] : w.skipped];
    case 'sending':
      return [w.sending];
    case 'sent':
      return [
        w.sent(review.channel, clockDay(review.sent_at ?? Date.now())),
        review.pressed_at === null ? w.notPressed : w.pressed(review.presses, clockDay(review.pressed_at)),
        ...(review.reminded_at === null ? [] : [w.reminded(clockDay(review.reminded_at))]),
      ];
  }
}

interface LeadReviewProps {
  leadId: string;
  /** Owners may skip the request, or ask after all, while nothing has been sent; staff only read it. */
  canChange: boolean;
}

/** The lead's Google review request: where it stands, and for owners, skipping it or asking after all. */
export function LeadReview({ leadId, canChange }: LeadReviewProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const key = ['lead', leadId, 'review'];
  const review = useQuery({ queryKey: key, queryFn: () => api('GET /leads/:id/review', { params: { id: leadId } }) });
  const change = useMutation({
    mutationFn: (skip: boolean) => api('PUT /leads/:id/review', { params: { id: leadId }, body: { skip } }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const data = review.data;
  return (
    <section aria-labelledby={headingId} className={ui.card}>
      <h2 id={headingId} className={ui.h2}>
        {w.heading}
      </h2>
      <Alert message={errorMessage(review.error ?? change.error, words.tryAgain)} />
      {data && (
        <>
          {standing(data).map((line) => (
            <p key={line} className="mt-1 text-slate-800">
              {line}
            </p>
          ))}
          {canChange && data.can_skip && (
            <button type="button" className={`${ui.secondary} mt-3`} disabled={change.isPending} onClick={() => change.mutate(data.state !== 'skipped')}>
              {data.state === 'skipped' ? w.unskip : w.skip}
            </button>
          )}
        </>
      )}
    </section>
  );
}
