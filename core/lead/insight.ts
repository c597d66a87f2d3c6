/**
 * What the reports say, in the shape the inbox's Reports view, the command line and the weekly
 * digest share: where leads came from, what they were for, how far they got, what the won ones
 * were worth and how fast somebody first answered.
 */
import type { LeadStatus, LostReason } from './status.ts';
import type { NorthStar } from './north-star.ts';

/** The weeks the reports show when no range is asked for (the server's default and the view's quick link). */
export const DEFAULT_REPORT_WEEKS = 12;

/** Where a lead came from, in the five groups the owner thinks in. */
export const leadSources = ['google_ads', 'search', 'direct', 'social', 'referral'] as const;
export type LeadSource = (typeof leadSources)[number];

export const sourceLabels: Record<LeadSource, string> = {
  google_ads: 'Google Ads',
  search: 'Other search',
  direct: 'Direct',
  social: 'Social',
  referral: 'Referral',
};

/** Where a partner can accept an offer: on its page (from the e-mail's link, 'email') or by replying YES to its text ('sms'). */
export const acceptChannels = ['email', 'sms'] as const;
export type AcceptChannel = (typeof acceptChannels)[number];

/** The funnel's stages in order; a lead counts at every stage up to the furthest it reached. */
export const funnelStages = ['new', 'contacted', 'quoted', 'won'] as const satisfies readonly LeadStatus[];
export type FunnelStage = (typeof funnelStages)[number];

/** How far along the funnel a status is: 0 New to 3 Won; Lost moves nothing (the lead keeps the stage it had reached). */
export function stageRank(status: LeadStatus): number {
  return Math.max(0, (funnelStages as readonly LeadStatus[]).indexOf(status));
}

export interface LabelCount {
  label: string;
  count: number;
}

export interface ValueCount {
  label: string;
  /** Won leads. */
  count: number;
  /** Their job values added up, NZ cents. */
  cents: number;
}

/** Minutes from a lead's arrival to the first status change or note. */
export interface ResponseStat {
  /** Leads someone has acted on. */
  answered: number;
  /** Leads nobody has acted on yet (not in the figures). */
  waiting: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
}

export interface ResponseTimes {
  /** Leads that arrived in office hours (New Zealand time). */
  businessHours: ResponseStat;
  /** Leads that arrived in the evening, at night or at the weekend. */
  afterHours: ResponseStat;
}

export interface WeekFigures {
  /** The Monday the week starts on, New Zealand date YYYY-MM-DD. */
  week: string;
  total: number;
  bySource: Record<LeadSource, number>;
  response: ResponseTimes;
}

export interface Insight {
  /** First and last New Zealand dates of the range, inclusive. */
  from: string;
  to: string;
  /** Leads that arrived in the range (spam left out). */
  total: number;
  withGclid: number;
  /** Every week of the range, Monday first, empty weeks included. */
  weeks: WeekFigures[];
  /** In the order of `leadSources`; the lists below biggest first. */
  bySource: LabelCount[];
  byService: LabelCount[];
  byCity: LabelCount[];
  byPage: LabelCount[];
  byCampaign: LabelCount[];
  /** How many of the range's leads reached each stage. */
  funnel: { stage: FunnelStage; count: number }[];
  /** Leads marked Lost, with why. */
  lost: number;
  lostReasons: { reason: LostReason; count: number }[];
  /** Leads of the range that are Won now, and their value. */
  won: { count: number; cents: number; /** Biggest value first. */ bySource: ValueCount[]; byCampaign: ValueCount[] };
  response: ResponseTimes;
  partners: PartnerInsight;
  /** The urgent requests: how soon someone committed, and whether someone was on site by the promised time (north-star.ts). */
  northStar: NorthStar;
}

/** What one partner did with the offers of the range's leads. */
export interface PartnerFigures {
  id: string;
  name: string;
  /** Every offer, whatever became of it: accepted + declined + noAnswer + withdrawn + waiting. */
  offers: number;
  accepted: number;
  declined: number;
  /** Not answered in time: automatic dispatch's wait ran out, or the link's life did. */
  noAnswer: number;
  /** Ended before an answer for another reason: another partner took the job, the lead was closed, the partner paused or removed, or withdrawn from the inbox. */
  withdrawn: number;
  /** Still waiting for their answer. */
  waiting: number;
  /** Why they declined, most given first. */
  declineReasons: LabelCount[];
  /** From the offer to its acceptance, the median over the jobs they accepted. */
  medianAcceptMinutes: number | null;
  /** The same median by where they accepted: on the offer's page (e-mail) and by text reply; null with none that way. */
  medianAcceptMinutesVia: Record<AcceptChannel, number | null>;
  /** Urgent jobs they marked On site, by city, and how many of those by the promised time. */
  onSite: { city: string; count: number; inTime: number }[];
  /** The jobs they held that are Won now, and their value. */
  won: { count: number; cents: number };
}

/**
 * Urgent leads of one city (or Regional) whose promise can be judged (the attend-by time has passed,
 * or a partner was on site), and how many a partner reached by the promised time.
 */
export interface PromiseKept {
  city: string;
  urgent: number;
  kept: number;
}

export interface PartnerInsight {
  /** Most offers first. */
  byPartner: PartnerFigures[];
  /** The six cities in the form's order, then Regional; only places with urgent leads. */
  promise: PromiseKept[];
}

/**
 * A duration for people: "40 s", "45 min", "3 h 5 min", "2 d 4 h"; a dash for none. Under a minute
 * it is written in seconds, so a partner who accepted in 40 seconds does not read as "0 min".
 */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '–';
  const seconds = Math.round(minutes * 60);
  if (seconds < 1) return 'under 1 s';
  if (seconds < 60) return `${seconds} s`;
  const whole = Math.max(1, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  if (days > 0) return hours ? `${days} d ${hours} h` : `${days} d`;
  const rest = whole % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

const nzd = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' });

/** NZ cents as dollars, "$12,500.00". */
export function formatNzd(cents: number): string {
  return nzd.format(cents / 100);
}
