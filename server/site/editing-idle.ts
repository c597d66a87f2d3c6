/**
 * How long the site editor's helpers (the process that checks text and renders quick previews)
 * stay after their last use: an owner who pauses between edits finds them ready, and one who has
 * finished gets the memory back.
 */
export const EDITING_IDLE_MS = 10 * 60_000;
