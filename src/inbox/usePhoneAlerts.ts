/**
 * Alerts on this phone (Web Push), as the person's switch sees them: whether this browser can take
 * them at all, whether they are on, and turning them on (only on a press: the browser asks for
 * permission then, never on load), off, and sending a test. The service worker is registered as
 * the switch appears, so whether this browser already has a subscription can be read.
 */
import { useCallback, useEffect, useState } from 'react';
import { SERVICE_WORKER_PATH, SERVICE_WORKER_SCOPE } from '../../core/inbox-links.ts';
import { api } from './api.ts';

export type PhoneAlertState = 'checking' | 'unsupported' | 'iphone' | 'blocked' | 'off' | 'on';

/** What the browser offers, read once from `window` (a value of its own so the rule below can be tested). */
export interface AlertEnvironment {
  serviceWorker: boolean;
  push: boolean;
  notifications: boolean;
  permission: NotificationPermission | undefined;
  /** An iPhone or iPad (an iPad says Macintosh, with a touch screen). */
  ios: boolean;
  /** Opened from the Home Screen (display-mode standalone), not in a browser tab. */
  standalone: boolean;
}

/**
 * What this browser's switch can show before any subscription is read: that it needs the Home
 * Screen first (an iPhone's Safari gives push only to an app added there), that it cannot take
 * alerts, that the person blocked them, or undefined when alerts are possible.
 */
export function alertLimit(env: AlertEnvironment): 'unsupported' | 'iphone' | 'blocked' | undefined {
  if (env.ios && !env.standalone) return 'iphone';
  if (!env.serviceWorker || !env.push || !env.notifications) return 'unsupported';
  if (env.permission === 'denied') return 'blocked';
  return undefined;
}

export function readEnvironment(): AlertEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    serviceWorker: 'serviceWorker' in navigator,
    push: 'PushManager' in window,
    notifications: 'Notification' in window,
    permission: 'Notification' in window ? Notification.permission : undefined,
    ios: /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1),
    standalone: window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true,
  };
}

/** A VAPID public key as the server gives it (base64url) in the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (one made with another server's key would never be woken). */
function madeWith(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

const registration = () => navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: SERVICE_WORKER_SCOPE });

/**
 * Stops this phone's alerts, if it has any: the server forgets it first (so nothing is sent to it
 * meanwhile), then the browser drops it. Also done on signing out, so a phone handed back or shared
 * shows nobody's leads on its lock screen once they have left the inbox.
 */
export async function stopAlertsHere(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await api('DELETE /push/subscriptions', { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

export function usePhoneAlerts() {
  const [state, setState] = useState<PhoneAlertState>('checking');

  useEffect(() => {
    let live = true;
    const limit = alertLimit(readEnvironment());
    if (limit) {
      setState(limit);
      return;
    }
    registration()
      .then((r) => r.pushManager.getSubscription())
      .then((subscription) => live && setState(subscription && Notification.permission === 'granted' ? 'on' : 'off'))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  /** Asks for permission (this is the press the browser needs), subscribes with the server's key and tells the server. */
  const turnOn = useCallback(async (): Promise<'on' | 'not-allowed'> => {
    const permission = await Notification.requestPermission();
    if (permission === 'denied') {
      setState('blocked');
      return 'not-allowed';
    }
    if (permission !== 'granted') return 'not-allowed';
    await registration();
    const ready = await navigator.serviceWorker.ready;
    const key = keyBytes((await api('GET /push/key')).publicKey);
    let subscription = await ready.pushManager.getSubscription();
    if (subscription && !madeWith(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const { endpoint, keys } = subscription.toJSON();
    await api('POST /push/subscriptions', { body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } } });
    setState('on');
    return 'on';
  }, []);

  const turnOff = useCallback(async () => {
    await stopAlertsHere();
    setState('off');
  }, []);

  const test = useCallback(() => api('POST /push/test'), []);

  return { state, turnOn, turnOff, test };
}
