/**
 * Working the leads: the list by view and search, one lead with its timeline and notifications,
 * status, notes, follow-up, spam release and sending again; for owners, the CSV of a view, one
 * person's data (a Privacy Act access request) and deleting a lead.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openJobStatuses, type InboxView } from '../../core/lead/status.ts';
import { endOpenOffers } from '../dispatch/partner-offers.ts';
import { holdersOf } from '../storage/offer-records.ts';
import { partnerWords } from '../partners/partner-words.ts';
import {
  addNote,
  changeStatus,
  deleteLead,
  inboxLead,
  jobById,
  leadEvents,
  leadJobs,
  leadsFromAddress,
  listCursor,
  listInboxLeads,
  notesOf,
  releaseFromSpam,
  sendAgain,
  setFollowUp,
  viewCounts,
  type InboxLead,
  type InboxQuery,
  type ListCursor,
} from '../storage/lead-work.ts';
import type { LeadStore } from '../storage/types.ts';
import { disclosuresOf } from '../storage/offer-records.ts';
import { csvHeader, csvLine, exportColumns } from '../leads/csv.ts';
import { askForReview } from '../reviews/review-rules.ts';
import { inboxWords } from './inbox-words.ts';
import { leadDetail, leadRow, notifications, timeline } from './lead-views.ts';
import { textsDelivered } from '../storage/offer-channels.ts';
import { endpoint } from './endpoint.ts';
import { BadRequest, signedInUser } from './refusals.ts';
import { sendWonLead } from './job-app-routes.ts';
import type { InboxContext } from './context.ts';

export const inboxCsvColumns = [...exportColumns, 'status', 'job_value', 'lost_reason', 'follow_up_on', 'inbox_notes'] as const;

/** Every lead of a view and search as CSV lines, a page at a time in the list's order, with its notes. */
async function* inboxCsv(store: LeadStore, query: InboxQuery): AsyncGenerator<string> {
  yield csvHeader(inboxCsvColumns);
  let after: ListCursor | undefined;
  for (;;) {
    const page = await store.read(() => listInboxLeads({ ...query, after, limit: 500 }));
    const notes = await store.read(() => notesOf(page.leads.map((l) => l.id)));
    for (const lead of page.leads) {
      const detail = leadDetail(lead);
      yield csvLine([
        ...exportColumns.map((c) => lead[c as keyof InboxLead]),
        detail.status,
        detail.job_value,
        detail.lost_reason,
        detail.follow_up_on,
        (notes.get(lead.id) ?? []).join('\n---\n'),
      ]);
    }
    if (!page.next) return;
    after = page.next;
  }
}

export const leadRoutes: FastifyPluginAsyncZod<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const urgentCopy = ctx.urgentCopy ?? false;
  const owner = { access: 'owner' } as const;

  /** The lead as the app shows it, with its timeline and notifications. */
  async function fullLead(id: string) {
    return store.read(function* () {
      const lead = yield* inboxLead(id);
      if (!lead) return undefined;
      const events = yield* leadEvents(id);
      const jobs = yield* leadJobs(id);
      const holder = (yield* holdersOf([id])).get(id) ?? null;
      const delivered = yield* textsDelivered(id);
      return {
        lead: leadDetail(lead, holder),
        timeline: timeline(lead, events, jobs, urgentCopy, delivered),
        notifications: notifications(lead, jobs, urgentCopy),
      };
    });
  }

  app.route({
    ...endpoint('GET /leads'),
    handler: async (request) => {
      const { view, q, cursor, limit } = request.query;
      const after = cursor ? listCursor.decode(cursor) : undefined;
      if (cursor && !after) throw new BadRequest();
      const [page, counts] = await Promise.all([
        store.read(function* () {
          const found = yield* listInboxLeads({ view, q, after, limit });
          return { ...found, holders: yield* holdersOf(found.leads.map((l) => l.id)) };
        }),
        store.read(() => viewCounts()),
      ]);
      return { leads: page.leads.map((l) => leadRow(l, page.holders.get(l.id) ?? null)), next: page.next ? listCursor.encode(page.next) : null, counts };
    },
  });

  app.route({
    ...endpoint('GET /leads/:id'),
    handler: async (request, reply) => {
      const lead = await fullLead(request.params.id);
      return lead ?? reply.code(404).send({ error: inboxWords.errors.noLead });
    },
  });

  app.route({
    ...endpoint('POST /leads/:id/status'),
    handler: async (request, reply) => {
      const { status, job_value, lost_reason } = request.body;
      const change = { status, jobValueCents: job_value ?? null, lostReason: lost_reason ?? null };
      const text = inboxWords.events.status(change.status, change.jobValueCents, change.lostReason);
      const lead = await store.transact(function* () {
        const changed = yield* changeStatus(request.params.id, change, signedInUser(request).email, text);
        if (!changed) return undefined;
        // Quoted or closed: no partner may take the job from here on.
        if (!openJobStatuses.includes(changed.status))
          yield* endOpenOffers({ leadId: changed.id }, 'lead_closed', (p) => partnerWords.events.leadClosed(p.name));
        yield* ctx.audited(request, inboxWords.audit.status(changed.id, text));
        // Won (the owner's confirmation of a partner's "Job done" too): the customer is asked for a review, once.
        if (changed.status === 'won') yield* askForReview(changed.id);
        // Won, and the owners chose to send every won lead: its job goes to the job app.
        if (changed.status === 'won') yield* sendWonLead(changed.id, signedInUser(request).email);
        return { changed, holder: (yield* holdersOf([changed.id])).get(changed.id) ?? null };
      });
      if (!lead) return reply.code(404).send({ error: inboxWords.errors.noLead });
      return { lead: leadDetail(lead.changed, lead.holder) };
    },
  });

  app.route({
    ...endpoint('POST /leads/:id/notes'),
    config: { badRequest: { field: 'text' } },
    handler: async (request, reply) => {
      const entry = await store.transact(() => addNote(request.params.id, request.body.text, signedInUser(request).email));
      if (!entry) return reply.code(404).send({ error: inboxWords.errors.noLead });
      return reply.code(201).send({ entry: { ...entry, at: new Date(entry.at).toISOString() } });
    },
  });

  app.route({
    ...endpoint('PUT /leads/:id/follow-up'),
    config: { badRequest: { field: 'date' } },
    handler: async (request, reply) => {
      const { date } = request.body;
      const text = inboxWords.events.followUp(date);
      const lead = await store.transact(function* () {
        const changed = yield* setFollowUp(request.params.id, date, signedInUser(request).email, text);
        return changed && { changed, holder: (yield* holdersOf([changed.id])).get(changed.id) ?? null };
      });
      return lead ? { lead: leadDetail(lead.changed, lead.holder) } : reply.code(404).send({ error: inboxWords.errors.noLead });
    },
  });

  app.route({
    ...endpoint('POST /leads/:id/not-spam'),
    handler: async (request, reply) => {
      const { id } = request.params;
      if (ctx.leadPurposes.length === 0) return reply.code(409).send({ error: inboxWords.errors.noSecondChannel });
      const released = await store.transact(function* () {
        const done = yield* releaseFromSpam(id, ctx.leadPurposes, signedInUser(request).email, inboxWords.events.notSpam);
        if (done) yield* ctx.audited(request, inboxWords.audit.notSpam(id));
        return done;
      });
      if (!released) {
        const exists = await store.read(() => inboxLead(id));
        return reply.code(exists ? 409 : 404).send({ error: exists ? inboxWords.errors.notSpam : inboxWords.errors.noLead });
      }
      const lead = await store.read(() => inboxLead(id));
      return { lead: leadDetail(lead!) };
    },
  });

  app.route({
    ...endpoint('POST /notifications/:id/send-again'),
    handler: async (request, reply) => {
      const job = await store.read(() => jobById(request.params.id));
      if (!job?.lead_id) return reply.code(404).send({ error: inboxWords.errors.noNotification });
      const leadOfJob = job.lead_id;
      const lead = await store.read(() => inboxLead(leadOfJob));
      const name = inboxWords.notification(job.purpose, urgentCopy && lead !== undefined && lead.urgent);
      const leadId = await store.transact(function* () {
        const again = yield* sendAgain(job.id, signedInUser(request).email, () => inboxWords.events.sendAgain(name));
        if (again) yield* ctx.audited(request, inboxWords.audit.sendAgain(again, name));
        return again;
      });
      if (!leadId) return reply.code(409).send({ error: inboxWords.errors.cannotSendAgain });
      const updated = await fullLead(leadId);
      return { notification: updated?.notifications.find((n) => n.id === job.id) };
    },
  });

  app.route({
    ...endpoint('DELETE /leads/:id'),
    config: owner,
    handler: async (request, reply) => {
      const lead = await store.read(() => inboxLead(request.params.id));
      const deleted =
        lead !== undefined &&
        (await store.transact(function* () {
          const done = yield* deleteLead(lead.id);
          if (done) yield* ctx.audited(request, inboxWords.audit.deleted(lead.id, lead.work_email));
          return done;
        }));
      if (!deleted) return reply.code(404).send({ error: inboxWords.errors.noLead });
      return { ok: true as const };
    },
  });

  app.route({
    ...endpoint('GET /people.json'),
    config: { ...owner, badRequest: { error: inboxWords.errors.email } },
    handler: async (request, reply) => {
      const { email } = request.query;
      const leads = await store.read(() => leadsFromAddress(email));
      const full = await Promise.all(leads.map((l) => fullLead(l.id)));
      const disclosed = await store.read(() => disclosuresOf(leads.map((l) => l.id)));
      await ctx.record(request, inboxWords.audit.exportPerson(email, leads.length));
      return reply.header('Content-Disposition', `attachment; filename="person-${new Date().toISOString().slice(0, 10)}.json"`).send({
        email,
        exported_at: new Date().toISOString(),
        leads: full.filter((lead) => lead !== undefined),
        disclosed_to: disclosed.map((d) => ({ ...d, at: new Date(d.at).toISOString() })),
      });
    },
  });

  app.route({
    ...endpoint('GET /leads.csv'),
    config: owner,
    handler: async (request, reply) => {
      const { view, q } = request.query;
      await ctx.record(request, inboxWords.audit.exportCsv(view, q ?? ''));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="leads-${view satisfies InboxView}-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(Readable.from(inboxCsv(store, { view, q })));
    },
  });
};
