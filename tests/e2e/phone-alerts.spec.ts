/**
 * Alerts on this phone, in Chromium: the inbox links its manifest, the switch registers the service
 * worker for /inbox/ and offers to turn alerts on (permission granted, nothing asked on load), and
 * the service worker shows a pushed alert as the server sends it: one per lead (a repeat replaces
 * it), staying until acted on, with "I've got it" only for an acknowledgement address on this site.
 * Chromium has no push service here, so the push is handed to the worker through DevTools; what the
 * server sends is tested against a stand-in push service in tests/server/push.test.ts.
 */
import { test, expect } from './fixtures.ts';

test('the inbox installs, its switch is offered, and its service worker shows a pushed alert', async ({ page, context, server, signIn }) => {
  await context.grantPermissions(['notifications'], { origin: server.origin });
  await page.setViewportSize({ width: 390, height: 900 });
  await signIn(page, 'owner');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/inbox/manifest.webmanifest');
  await page.getByRole('link', { name: 'Passkeys and alerts' }).click();
  const alerts = page.getByRole('region', { name: 'Alerts on this phone' });
  await expect(alerts.getByText('Alerts are off for this phone.')).toBeVisible();
  await expect(alerts.getByRole('button', { name: 'Turn on alerts' })).toBeEnabled();

  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: { registrationId: string; scriptURL: string; status: string }[] }) => {
      const active = versions.find((v) => v.scriptURL === `${server.origin}/inbox/sw.js` && v.status === 'activated');
      if (active) resolve(active.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const alert = {
    title: 'Urgent job: nobody has it',
    body: 'Walk-in chiller, Hamilton',
    url: `${server.origin}/inbox/?lead=a1`,
    tag: 'lead-a1',
    ackLabel: 'I’ve got it',
  };
  const push = (data: object) => cdp.send('ServiceWorker.deliverPushMessage', { origin: server.origin, registrationId, data: JSON.stringify(data) });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.getRegistration('/inbox/'))!.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        requireInteraction: n.requireInteraction,
        data: n.data as unknown,
        actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map((a) => `${a.action}: ${a.title}`),
      })),
    );

  // DevTools may hand a push to a worker that is still starting and lose it (seen under load), so each
  // push is handed again until it shows; a repeat for the same lead replaces it, so the check is unchanged.
  await expect(async () => {
    await push({ ...alert, ackUrl: `${server.origin}/ack/token` });
    await expect.poll(shown, { timeout: 2_000 }).toEqual([
      {
        title: alert.title,
        body: alert.body,
        tag: 'lead-a1',
        requireInteraction: true,
        data: { url: alert.url, ackUrl: `${server.origin}/ack/token` },
        actions: ['ack: I’ve got it'],
      },
    ]);
  }).toPass({ timeout: 20_000 });
  // The same lead again replaces it; addresses on another site are neither opened nor posted to.
  await expect(async () => {
    await push({ ...alert, body: 'Still nobody', url: 'https://evil.example/', ackUrl: 'https://evil.example/ack' });
    await expect
      .poll(shown, { timeout: 2_000 })
      .toEqual([{ title: alert.title, body: 'Still nobody', tag: 'lead-a1', requireInteraction: true, data: { url: `${server.origin}/inbox/` }, actions: [] }]);
  }).toPass({ timeout: 20_000 });
});
