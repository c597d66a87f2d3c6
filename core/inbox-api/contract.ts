/**
 * The inbox API's contract: every route under /inbox/api by method and path, with what it takes
 * (params, querystring, body) and what it answers, as zod schemas. The server's routes are
 * declared from this table (validation and serialisation through fastify-type-provider-zod) and the
 * app's calls are typed by it, so the two cannot disagree. The app imports types only: zod stays
 * out of its bundle. Downloads (the CSVs, a voicemail) have no answer schema: they are streamed.
 */
import { z } from 'zod';
import {
  authenticationOptions,
  codeBody,
  codeRequestBody,
  linkBody,
  okAnswer,
  passkeySignInBody,
  registrationOptions,
  sessionAnswer,
  signedInAnswer,
} from './session.ts';
import { newPasskeyAnswer, newPasskeyBody, passkeyList } from './passkeys.ts';
import { auditPage, auditQuery, newPersonAnswer, newPersonBody, peopleList, roleAnswer, roleBody } from './people.ts';
import {
  followUpBody,
  fullLead,
  idParams,
  leadAnswer,
  leadPage,
  listQuery,
  noteAnswer,
  noteBody,
  personExport,
  personQuery,
  sentAgainAnswer,
  statusBody,
} from './leads.ts';
import { insight, rangeQuery, sinceQuery } from './reports.ts';
import { leadPartners, offerAnswer, offerBody, offerParams } from './offers.ts';
import {
  partnerAnswer,
  partnerBody,
  partnerChangeBody,
  partnerImportAnswer,
  partnerImportBody,
  partnerIdParams,
  partnerList,
  partnerPageLinkAnswer,
} from './partners.ts';
import { backupAnswer } from './backups.ts';
import { acknowledgedAnswer, ladderAnswer, ladderBody, leadLadder, mobileBody, profileAnswer, runningLadders } from './ladder-api.ts';
import { answerersAnswer, answerersBody } from './call-answerers.ts';
import { pushEndpointBody, pushKeyAnswer, pushSubscriptionBody, pushTestAnswer } from './push.ts';
import { visitReport } from './visits.ts';
import { callParams, callReport, leadCalls } from './call-lead-api.ts';
import { jobAppAnswer, jobAppBody, jobAppReport, jobAppSettingsBody, leadJobApp } from './job-app.ts';
import { leadReview, reviewReport, reviewSettingsBody, skipBody } from './reviews.ts';
import {
  draftAnswer,
  entryEdit,
  entryParams,
  pageHistory,
  pageUndo,
  previewAnswer,
  publishAnswer,
  releaseChoice,
  siteEntryAnswer,
  siteOverview,
  versionDiff,
  versionList,
  versionParams,
  photoAnswer,
  photoParams,
  photoUpload,
} from './site.ts';

const routes = {
  'GET /session': { response: { 200: sessionAnswer } },
  'POST /auth/code': { body: codeRequestBody, response: { 200: okAnswer } },
  'POST /auth/code/verify': { body: codeBody, response: { 200: signedInAnswer } },
  'POST /auth/link': { body: linkBody, response: { 200: signedInAnswer } },
  'POST /auth/passkey/options': { response: { 200: authenticationOptions } },
  'POST /auth/passkey/verify': { body: passkeySignInBody, response: { 200: signedInAnswer } },
  'POST /auth/sign-out': { response: { 200: okAnswer } },

  'GET /passkeys': { response: { 200: passkeyList } },
  'POST /passkeys/options': { response: { 200: registrationOptions } },
  'POST /passkeys': { body: newPasskeyBody, response: { 201: newPasskeyAnswer } },
  'DELETE /passkeys/:id': { params: idParams, response: { 200: okAnswer } },

  'GET /users': { response: { 200: peopleList } },
  'POST /users': { body: newPersonBody, response: { 201: newPersonAnswer } },
  'PATCH /users/:id': { params: idParams, body: roleBody, response: { 200: roleAnswer } },
  'DELETE /users/:id': { params: idParams, response: { 200: okAnswer } },
  'GET /audit': { querystring: auditQuery, response: { 200: auditPage } },

  'GET /leads': { querystring: listQuery, response: { 200: leadPage } },
  'GET /leads/:id': { params: idParams, response: { 200: fullLead } },
  'POST /leads/:id/status': { params: idParams, body: statusBody, response: { 200: leadAnswer } },
  'POST /leads/:id/notes': { params: idParams, body: noteBody, response: { 201: noteAnswer } },
  'PUT /leads/:id/follow-up': { params: idParams, body: followUpBody, response: { 200: leadAnswer } },
  'POST /leads/:id/not-spam': { params: idParams, response: { 200: leadAnswer } },
  'POST /notifications/:id/send-again': { params: idParams, response: { 200: sentAgainAnswer } },
  'DELETE /leads/:id': { params: idParams, response: { 200: okAnswer } },
  'GET /people.json': { querystring: personQuery, response: { 200: personExport } },
  'GET /leads.csv': { querystring: listQuery },

  'GET /partners': { response: { 200: partnerList } },
  'POST /partners': { body: partnerBody, response: { 201: partnerAnswer } },
  'PATCH /partners/:id': { params: idParams, body: partnerChangeBody, response: { 200: partnerAnswer } },
  'DELETE /partners/:id': { params: idParams, response: { 200: okAnswer } },
  'POST /partners/import': { body: partnerImportBody, response: { 200: partnerImportAnswer } },
  'POST /partners/:id/page/renew': { params: partnerIdParams, response: { 200: partnerPageLinkAnswer } },
  'POST /partners/:id/page/revoke': { params: partnerIdParams, response: { 200: partnerAnswer } },
  'GET /leads/:id/partners': { params: idParams, response: { 200: leadPartners } },
  'POST /leads/:id/offers': { params: idParams, body: offerBody, response: { 201: offerAnswer } },
  'POST /leads/:id/offers/:offer/withdraw': { params: offerParams, response: { 200: offerAnswer } },

  'GET /profile': { response: { 200: profileAnswer } },
  'PUT /profile/mobile': { body: mobileBody, response: { 200: profileAnswer } },
  'GET /ladder': { response: { 200: ladderAnswer } },
  'PUT /ladder': { body: ladderBody, response: { 200: ladderAnswer } },
  'DELETE /ladder': { response: { 200: ladderAnswer } },
  'GET /ladders/running': { response: { 200: runningLadders } },
  'GET /leads/:id/ladder': { params: idParams, response: { 200: leadLadder } },
  'GET /calls/answerers': { response: { 200: answerersAnswer } },
  'PUT /calls/answerers': { body: answerersBody, response: { 200: answerersAnswer } },
  'POST /leads/:id/acknowledge': { params: idParams, response: { 200: acknowledgedAnswer } },

  'GET /reports': { querystring: rangeQuery, response: { 200: insight } },
  'GET /visits': { querystring: rangeQuery, response: { 200: visitReport } },
  'GET /google-ads.csv': { querystring: sinceQuery },
  'GET /backups': { response: { 200: backupAnswer } },

  'GET /job-app': { response: { 200: jobAppAnswer } },
  'PUT /job-app': { body: jobAppBody, response: { 200: jobAppAnswer } },
  'PATCH /job-app': { body: jobAppSettingsBody, response: { 200: jobAppAnswer } },
  'DELETE /job-app': { response: { 200: jobAppAnswer } },
  'GET /leads/:id/job-app': { params: idParams, response: { 200: leadJobApp } },
  'POST /leads/:id/job-app': { params: idParams, response: { 200: leadJobApp } },
  'GET /reports/job-app': { querystring: rangeQuery, response: { 200: jobAppReport } },

  'GET /leads/:id/review': { params: idParams, response: { 200: leadReview } },
  'PUT /leads/:id/review': { params: idParams, body: skipBody, response: { 200: leadReview } },
  'GET /reports/reviews': { querystring: rangeQuery, response: { 200: reviewReport } },
  'PUT /reviews': { body: reviewSettingsBody, response: { 200: reviewSettingsBody } },

  'GET /leads/:id/calls': { params: idParams, response: { 200: leadCalls } },
  'GET /calls/:sid/recording': { params: callParams },
  'DELETE /calls/:sid/recording': { params: callParams, response: { 200: leadCalls } },
  'GET /reports/calls': { querystring: rangeQuery, response: { 200: callReport } },

  'GET /push/key': { response: { 200: pushKeyAnswer } },
  'POST /push/subscriptions': { body: pushSubscriptionBody, response: { 200: okAnswer } },
  'DELETE /push/subscriptions': { body: pushEndpointBody, response: { 200: okAnswer } },
  'POST /push/test': { response: { 200: pushTestAnswer } },

  'GET /site': { response: { 200: siteOverview } },
  'GET /site/entries/:collection/:id': { params: entryParams, response: { 200: siteEntryAnswer } },
  'PUT /site/entries/:collection/:id/draft': { params: entryParams, body: entryEdit, response: { 200: draftAnswer } },
  'DELETE /site/entries/:collection/:id/draft': { params: entryParams, response: { 200: okAnswer } },
  'POST /site/entries/:collection/:id/preview': { params: entryParams, body: entryEdit, response: { 200: previewAnswer } },
  'POST /site/entries/:collection/:id/publish': { params: entryParams, body: entryEdit, response: { 200: publishAnswer } },
  'POST /site/entries/:collection/:id/verify': { params: entryParams, response: { 200: publishAnswer } },
  'POST /site/entries/:collection/:id/release': { params: entryParams, body: releaseChoice, response: { 200: publishAnswer } },
  'GET /site/entries/:collection/:id/versions': { params: entryParams, response: { 200: pageHistory } },
  'POST /site/entries/:collection/:id/undo': { params: entryParams, body: pageUndo, response: { 200: publishAnswer } },
  'GET /site/versions': { response: { 200: versionList } },
  'GET /site/versions/:number': { params: versionParams, response: { 200: versionDiff } },
  'POST /site/versions/:number/restore': { params: versionParams, response: { 200: publishAnswer } },
  'POST /site/photos': { body: photoUpload, response: { 201: photoAnswer } },
  'GET /site/photos/:id': { params: photoParams },
} as const;

/** Every refusal: a sentence for a person, and for a field the app can point at, that field's. */
export const errorAnswer = z.object({ error: z.string(), fields: z.record(z.string(), z.string()).optional() });
export type ErrorAnswer = z.output<typeof errorAnswer>;

type WithRefusals<T> = {
  [E in keyof T]: T[E] extends { response: infer R } ? Omit<T[E], 'response'> & { response: R & { '4xx': typeof errorAnswer } } : T[E];
};

/** The routes, each answer able to be a refusal too (the downloads, streamed text, stay as they are). */
export const inboxApi = Object.fromEntries(
  Object.entries(routes).map(([key, schema]) => [key, 'response' in schema ? { ...schema, response: { ...schema.response, '4xx': errorAnswer } } : schema]),
) as WithRefusals<typeof routes>;

export type InboxApi = typeof inboxApi;
export type Endpoint = keyof InboxApi;

/** One part of a call; optional when everything in it is (a query of optional parameters). */
type Part<S, K extends 'params' | 'querystring' | 'body'> = S extends { [P in K]: infer T extends z.ZodType }
  ? Partial<z.input<T>> extends z.input<T>
    ? { [P in K]?: z.input<T> }
    : { [P in K]: z.input<T> }
  : unknown;

/** What a call sends: its path's params, its query and its body, as the schemas take them. */
export type ApiInput<E extends Endpoint> = Part<InboxApi[E], 'params'> & Part<InboxApi[E], 'querystring'> & Part<InboxApi[E], 'body'>;

/** What a call answers when it succeeds. */
export type ApiAnswer<E extends Endpoint> = InboxApi[E] extends { response: { 200: infer R extends z.ZodType } }
  ? z.output<R>
  : InboxApi[E] extends { response: { 201: infer R extends z.ZodType } }
    ? z.output<R>
    : unknown;

export type { SessionUser, Session } from './session.ts';
export type { Passkey } from './passkeys.ts';
export type { Person, AuditEntry } from './people.ts';
export type { Partner, PartnerInput, OnCallTurn, OnCallRosterAnswer } from './partners.ts';
export type { BackupAnswer } from './backups.ts';
export type { JobAppAnswer, JobAppInput, JobSend, LeadJobApp, JobAppReport } from './job-app.ts';
export type { JobAppVendor } from './job-app-vendors.ts';
export type { LadderAnswer, LadderInput, LeadLadder, Profile } from './ladder-api.ts';
export type { CallReport, LeadCall } from './call-lead-api.ts';
export type { AnswerersAnswer, AnswerersInput } from './call-answerers.ts';
export type { LeadReview, ReviewReport } from './reviews.ts';
export type { PushSubscriptionBody, PushTestAnswer } from './push.ts';
export type { OfferSummary, Suggestion } from './offers.ts';
export type { LeadRow, LeadDetail, TimelineEntry, Notification, LeadPage, FullLead, StatusChange } from './leads.ts';
