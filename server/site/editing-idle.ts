/**
 * How long the site editor's helpers (the quick preview's thread, the content checker's process)
 * stay after their last use: an owner who pauses between edits finds them ready, and one who has
 * finished gets the memory back.
 */
export const EDITING_IDLE_MS = 10 * 60_000;
