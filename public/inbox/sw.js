/**
 * The inbox's service worker (scope /inbox/): it shows the alerts the server pushes and answers a
 * press on them. Nothing else: it caches nothing and handles no fetch, so the inbox always shows
 * the leads as they are now, never a stale copy.
 *
 * An alert's data is what server/push/push-sender.ts sends: { title, body, url, ackUrl?, ackLabel?, tag }.
 * The tag is one per lead, so a repeat replaces the alert still on the screen (and buzzes again);
 * it stays until the person acts on it. "I've got it" posts to ackUrl (the server checks it came
 * from this site), then opens the lead.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const INBOX = new URL('/inbox/', self.location.origin).href;

/** The address if it is on this site, else undefined: an alert never opens or posts anywhere else. */
function ownAddress(value) {
  try {
    const url = new URL(String(value), self.location.origin);
    return url.origin === self.location.origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const ackUrl = data.ackUrl ? ownAddress(data.ackUrl) : undefined;
  const options = {
    body: String(data.body || ''),
    tag: String(data.tag || 'inbox'),
    renotify: true,
    requireInteraction: true,
    icon: '/inbox/icon-192.png',
    badge: '/inbox/badge-96.png',
    data: { url: (data.url && ownAddress(data.url)) || INBOX, ackUrl },
    actions: ackUrl ? [{ action: 'ack', title: String(data.ackLabel || 'OK') }] : [],
  };
  event.waitUntil(self.registration.showNotification(String(data.title || 'Lead inbox'), options));
});

/** Brings an open inbox window to the front at `url`, or opens one. */
async function openInbox(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(INBOX));
  if (open) {
    const focused = await open.focus();
    if (url !== open.url && 'navigate' in focused) return focused.navigate(url).catch(() => focused);
    return focused;
  }
  return self.clients.openWindow(url);
}

/** How long "I've got it" waits for the server before opening the lead anyway (where it can be pressed again). */
const ACK_WAIT_MS = 4000;

self.addEventListener('notificationclick', (event) => {
  const { url, ackUrl } = event.notification.data || {};
  event.notification.close();
  const acknowledged =
    event.action === 'ack' && ackUrl
      ? fetch(ackUrl, { method: 'POST', credentials: 'same-origin', signal: AbortSignal.timeout(ACK_WAIT_MS) }).catch(() => undefined)
      : Promise.resolve();
  // The lead opens once the server has the acknowledgement, so its page already shows it.
  event.waitUntil(acknowledged.then(() => openInbox(url || INBOX)));
});
