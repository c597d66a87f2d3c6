/** Where the build puts the site editor's preview renderer (scripts/preview-renderer.ts), relative to the project's root. */
export const PREVIEW_RENDERER_DIR = 'dist-renderer';
export const PREVIEW_RENDERER_FILE = `${PREVIEW_RENDERER_DIR}/render-page.js`;
