/**
 * Working the leads: the list by view and search, one lead with its timeline and notifications,
 * status, notes, follow-up, spam release and sending again; for owners, the CSV of a view, one
 * person's data (a Privacy Act access request) and deleting a lead.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { calendarDate } from '../../core/date-schema.ts';
import { cleanMultiLine } from '../../core/lead/schema.ts';
import { inboxViews, leadStatuses, lostReasons, MAX_JOB_VALUE_CENTS, type InboxView } from '../../core/lead/status.ts';
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
} from '../storage/inbox.ts';
import type { LeadStore } from '../storage/types.ts';
import { csvHeader, csvLine, exportColumns } from '../leads/csv.ts';
import { inboxWords } from './words.ts';
import { leadDetail, leadRow, notifications, timeline } from './lead-views.ts';
import type { InboxContext } from './plugin.ts';

const listQuery = z.object({
  view: z.enum(inboxViews).default('new'),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const statusBody = z.object({
  status: z.enum(leadStatuses),
  // Checked in cents, as stored: a value that rounds to nothing would mark a job won at $0.
  job_value: z
    .number()
    .transform((dollars) => Math.round(dollars * 100))
    .pipe(z.number().int().min(1).max(MAX_JOB_VALUE_CENTS))
    .optional(),
  lost_reason: z.enum(lostReasons).optional(),
});
// Cleaned as a lead's own fields are: notes reach the CSV, the export and other people's screens.
const noteBody = z.object({ text: z.string().max(20_000).transform(cleanMultiLine).pipe(z.string().min(1).max(4000)) });
const followUpBody = z.object({ date: calendarDate.nullable() });
const personQuery = z.object({ email: z.string().trim().min(3).max(254) });

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

export const leadRoutes: FastifyPluginAsync<InboxContext> = async (app, ctx) => {
  const { store } = ctx;
  const urgentCopy = ctx.urgentCopy ?? false;
  const owner = { config: { access: 'owner' as const } };
  type IdParams = { Params: { id: string } };

  /** The lead as the app shows it, with its timeline and notifications. */
  async function fullLead(id: string) {
    return store.read(function* () {
      const lead = yield* inboxLead(id);
      if (!lead) return undefined;
      const events = yield* leadEvents(id);
      const jobs = yield* leadJobs(id);
      return { lead: leadDetail(lead), timeline: timeline(lead, events, jobs, urgentCopy), notifications: notifications(lead, jobs, urgentCopy) };
    });
  }

  app.get('/leads', async (request, reply) => {
    const query = listQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: inboxWords.errors.badRequest });
    const { view, q, cursor, limit } = query.data;
    const after = cursor ? listCursor.decode(cursor) : undefined;
    if (cursor && !after) return reply.code(400).send({ error: inboxWords.errors.badRequest });
    const [page, counts] = await Promise.all([store.read(() => listInboxLeads({ view, q, after, limit })), store.read(() => viewCounts())]);
    return { leads: page.leads.map(leadRow), next: page.next ? listCursor.encode(page.next) : null, counts };
  });

  app.get<IdParams>('/leads/:id', async (request, reply) => {
    const lead = await fullLead(request.params.id);
    return lead ?? reply.code(404).send({ error: inboxWords.errors.noLead });
  });

  app.post<IdParams>('/leads/:id/status', async (request, reply) => {
    const body = statusBody.safeParse(request.body);
    const badValue = !body.success && body.error.issues.some((issue) => issue.path[0] === 'job_value');
    if (badValue || (body.success && body.data.status === 'won' && body.data.job_value === undefined))
      return reply.code(400).send({ error: inboxWords.errors.jobValue, fields: { job_value: inboxWords.errors.jobValue } });
    if (!body.success) return reply.code(400).send({ error: inboxWords.errors.badRequest });
    const { status, job_value, lost_reason } = body.data;
    if (status === 'lost' && !lost_reason)
      return reply.code(400).send({ error: inboxWords.errors.lostReason, fields: { lost_reason: inboxWords.errors.lostReason } });
    const change = { status, jobValueCents: job_value ?? null, lostReason: lost_reason ?? null };
    const text = inboxWords.events.status(change.status, change.jobValueCents, change.lostReason);
    const lead = await store.transact(() => changeStatus(request.params.id, change, request.inboxUser!.email, text));
    if (!lead) return reply.code(404).send({ error: inboxWords.errors.noLead });
    await ctx.record(request, inboxWords.audit.status(lead.id, text));
    return { lead: leadDetail(lead) };
  });

  app.post<IdParams>('/leads/:id/notes', async (request, reply) => {
    const body = noteBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: inboxWords.errors.noteLength, fields: { text: inboxWords.errors.noteLength } });
    const entry = await store.transact(() => addNote(request.params.id, body.data.text, request.inboxUser!.email));
    if (!entry) return reply.code(404).send({ error: inboxWords.errors.noLead });
    return reply.code(201).send({ entry: { ...entry, at: new Date(entry.at).toISOString() } });
  });

  app.put<IdParams>('/leads/:id/follow-up', async (request, reply) => {
    const body = followUpBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: inboxWords.errors.date, fields: { date: inboxWords.errors.date } });
    const text = inboxWords.events.followUp(body.data.date);
    const lead = await store.transact(() => setFollowUp(request.params.id, body.data.date, request.inboxUser!.email, text));
    return lead ? { lead: leadDetail(lead) } : reply.code(404).send({ error: inboxWords.errors.noLead });
  });

  app.post<IdParams>('/leads/:id/not-spam', async (request, reply) => {
    const { id } = request.params;
    if (ctx.channels.length === 0) return reply.code(409).send({ error: inboxWords.errors.noSecondChannel });
    const released = await store.transact(() => releaseFromSpam(id, ctx.channels, request.inboxUser!.email, inboxWords.events.notSpam));
    if (!released) {
      const exists = await store.read(() => inboxLead(id));
      return reply.code(exists ? 409 : 404).send({ error: exists ? inboxWords.errors.notSpam : inboxWords.errors.noLead });
    }
    ctx.onQueued?.();
    await ctx.record(request, inboxWords.audit.notSpam(id));
    const lead = await store.read(() => inboxLead(id));
    return { lead: leadDetail(lead!) };
  });

  app.post<IdParams>('/notifications/:id/send-again', async (request, reply) => {
    const job = await store.read(() => jobById(request.params.id));
    if (!job?.lead_id) return reply.code(404).send({ error: inboxWords.errors.noNotification });
    const leadOfJob = job.lead_id;
    const lead = await store.read(() => inboxLead(leadOfJob));
    const name = inboxWords.notification(job.channel, urgentCopy && lead !== undefined && lead.urgent);
    const leadId = await store.transact(() => sendAgain(job.id, request.inboxUser!.email, () => inboxWords.events.sendAgain(name)));
    if (!leadId) return reply.code(409).send({ error: inboxWords.errors.cannotSendAgain });
    ctx.onQueued?.();
    await ctx.record(request, inboxWords.audit.sendAgain(leadId, name));
    const updated = await fullLead(leadId);
    return { notification: updated?.notifications.find((n) => n.id === job.id) };
  });

  app.delete<IdParams>('/leads/:id', owner, async (request, reply) => {
    const lead = await store.read(() => inboxLead(request.params.id));
    if (!lead || !(await store.transact(() => deleteLead(lead.id)))) return reply.code(404).send({ error: inboxWords.errors.noLead });
    await ctx.record(request, inboxWords.audit.deleted(lead.id, lead.work_email));
    return { ok: true };
  });

  app.get('/people.json', owner, async (request, reply) => {
    const query = personQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: inboxWords.errors.email });
    const email = query.data.email;
    const leads = await store.read(() => leadsFromAddress(email));
    const full = await Promise.all(leads.map((l) => fullLead(l.id)));
    await ctx.record(request, inboxWords.audit.exportPerson(email, leads.length));
    return reply
      .header('Content-Disposition', `attachment; filename="person-${new Date().toISOString().slice(0, 10)}.json"`)
      .send({ email, exported_at: new Date().toISOString(), leads: full.filter(Boolean) });
  });

  app.get('/leads.csv', owner, async (request, reply) => {
    const query = listQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: inboxWords.errors.badRequest });
    const { view, q } = query.data;
    await ctx.record(request, inboxWords.audit.exportCsv(view, q ?? ''));
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="leads-${view satisfies InboxView}-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(Readable.from(inboxCsv(store, { view, q })));
  });
};
