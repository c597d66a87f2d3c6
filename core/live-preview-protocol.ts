/**
 * How the lead server talks to the `astro dev` it keeps for quick previews of the owner's edits: the
 * secret it starts it with (every request must carry it back), and the address that reloads the
 * content files it has just written.
 */
export const LIVE_PREVIEW_ENV = 'SITE_LIVE_PREVIEW';
export const LIVE_PREVIEW_HEADER = 'x-live-preview';
export const REFRESH_PATH = '/__live-preview/refresh';
