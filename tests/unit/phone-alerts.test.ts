/**
 * What "Alerts on this phone" says of a browser before anything is asked of it: an iPhone in a
 * Safari tab needs the Home Screen first, a browser without service workers, push or notifications
 * cannot take alerts, a blocked one says so; and the server's key reaches pushManager.subscribe as
 * the same 65 bytes.
 */
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { alertLimit, keyBytes, type AlertEnvironment } from '../../src/inbox/usePhoneAlerts.ts';

const chrome: AlertEnvironment = { serviceWorker: true, push: true, notifications: true, permission: 'default', ios: false, standalone: false };

describe('alerts on this phone', () => {
  it('names what stands in the way, or nothing when alerts can be turned on', () => {
    expect(alertLimit(chrome)).toBeUndefined();
    expect(alertLimit({ ...chrome, permission: 'granted' })).toBeUndefined();
    expect(alertLimit({ ...chrome, permission: 'denied' })).toBe('blocked');
    expect(alertLimit({ ...chrome, push: false })).toBe('unsupported');
    expect(alertLimit({ ...chrome, serviceWorker: false })).toBe('unsupported');
    expect(alertLimit({ ...chrome, notifications: false, permission: undefined })).toBe('unsupported');
    // Safari in a tab on an iPhone has no push at all: the way there is the Home Screen, not another browser.
    expect(alertLimit({ ...chrome, ios: true, push: false, notifications: false })).toBe('iphone');
    expect(alertLimit({ ...chrome, ios: true, standalone: true })).toBeUndefined();
    // An iPhone too old for alerts even from the Home Screen.
    expect(alertLimit({ ...chrome, ios: true, standalone: true, push: false })).toBe('unsupported');
  });

  it('turns the server’s base64url key into its 65 bytes', () => {
    const { publicKey } = webpush.generateVAPIDKeys();
    const bytes = keyBytes(publicKey);
    expect(bytes).toHaveLength(65);
    expect(Buffer.from(bytes).toString('base64url')).toBe(publicKey);
  });
});
