/** The inbox as an installed app: where its manifest is, and its colours (the site's brand blue, --color-brand-600, and the inbox's slate-50 page). */
export const MANIFEST_PATH = '/inbox/manifest.webmanifest';
export const THEME_COLOUR = '#0b5ea8';
export const BACKGROUND_COLOUR = '#f8fafc';
