/**
 * The inbox as an app on a phone's home screen (its web app manifest): it opens at the inbox, in a
 * window of its own, in the site's blue. On an iPhone this is also what lets the inbox take alerts:
 * Safari gives push only to a site added to the Home Screen.
 */
import type { APIRoute } from 'astro';
import { words } from '../../inbox/app-words.ts';
import { BACKGROUND_COLOUR, THEME_COLOUR } from '../../inbox/install.ts';

export const GET: APIRoute = () =>
  new Response(
    JSON.stringify({
      id: '/inbox/',
      name: words.install.name,
      short_name: words.install.shortName,
      description: words.install.description,
      lang: 'en-NZ',
      start_url: '/inbox/',
      scope: '/inbox/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: BACKGROUND_COLOUR,
      icons: [
        { src: '/inbox/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/inbox/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/inbox/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    }),
    { headers: { 'Content-Type': 'application/manifest+json' } },
  );
