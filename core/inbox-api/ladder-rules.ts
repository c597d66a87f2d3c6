/**
 * The escalation ladder's plain rules, which the inbox app, the API's schemas and the server share
 * (no zod here: the app bundles this file).
 */

/**
 * How a step reaches its person: an alert pushed to the inbox app on their phone, a text, or a phone
 * call that asks them to press 1 (where the server can place calls).
 */
export const ladderChannels = ['push', 'sms', 'voice'] as const;
export type LadderChannelName = (typeof ladderChannels)[number];

/** The ladder's bounds: a few people, a few rounds, within the hour a night job can wait. */
export const LADDER_BOUNDS = { steps: 12, rounds: 5, everyMinutes: { min: 1, max: 60 }, afterMinutes: 59 } as const;
