/**
 * Where a lead stands in the business's work on it, and why a lost one was lost: the inbox's
 * buttons, the server's checks and the reports all read these lists.
 */
export const leadStatuses = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** While a lead is in one of these, nobody has quoted or closed the job: partners may be offered it and urgent work dispatches. */
export const openJobStatuses: readonly LeadStatus[] = ['new', 'contacted'];
/** A lead in one of these is closed: a partner who held its job no longer sees the customer through their link. */
export const closedJobStatuses: readonly LeadStatus[] = ['won', 'lost'];

export const statusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

/** More than any refrigeration job is worth (NZ$10 million, in cents): a bigger job value is a slip of the keyboard. */
export const MAX_JOB_VALUE_CENTS = 1_000_000_000;

export const lostReasons = ['price', 'timing', 'went_elsewhere', 'no_reply', 'not_a_fit', 'other'] as const;
export type LostReason = (typeof lostReasons)[number];

export const lostReasonLabels: Record<LostReason, string> = {
  price: 'Price',
  timing: 'Timing',
  went_elsewhere: 'Went elsewhere',
  no_reply: 'No reply',
  not_a_fit: 'Not a fit',
  other: 'Other',
};

/** The inbox's views: one per status, the spam held back, and everything that is not spam. */
export const inboxViews = [...leadStatuses, 'spam', 'all'] as const;
export type InboxView = (typeof inboxViews)[number];

export const viewLabels: Record<InboxView, string> = { ...statusLabels, spam: 'Spam', all: 'All' };

export const userRoles = ['owner', 'staff'] as const;
export type UserRole = (typeof userRoles)[number];
