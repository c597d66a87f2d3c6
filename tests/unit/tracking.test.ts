import { describe, expect, it } from 'vitest';
import { captureFirstTouch, FIRST_TOUCH_KEY, trackingValues } from '../../src/lib/tracking.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('first-touch tracking', () => {
  it('captures UTM values, gclid and the referrer of the landing page', () => {
    const storage = memoryStorage();
    const touch = captureFirstTouch(
      'https://site.nz/auckland?utm_source=google&utm_medium=cpc&utm_campaign=akl&utm_term=fridge&utm_content=ad1&gclid=abc',
      'https://www.google.com/',
      storage,
    );
    expect(touch).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'akl',
      utm_term: 'fridge',
      utm_content: 'ad1',
      gclid: 'abc',
      referrer: 'https://www.google.com/',
    });
    expect(JSON.parse(storage.data.get(FIRST_TOUCH_KEY)!)).toEqual(touch);
  });

  it('keeps the first touch for the visit when later pages carry other values', () => {
    const storage = memoryStorage();
    captureFirstTouch('https://site.nz/?utm_source=facebook', '', storage);
    const later = captureFirstTouch('https://site.nz/contact?utm_source=newsletter', 'https://site.nz/', storage);
    expect(later.utm_source).toBe('facebook');
    expect(later.referrer).toBe('');
  });

  it('still works when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(captureFirstTouch('https://site.nz/?gclid=xyz', '', broken).gclid).toBe('xyz');
  });

  it('fills page, path and device for the submit', () => {
    const storage = memoryStorage();
    captureFirstTouch('https://site.nz/hamilton?utm_campaign=waikato', 'https://bing.com/', storage);
    const values = trackingValues('https://site.nz/contact', 'https://site.nz/hamilton', 'Mozilla/5.0 (iPhone) Mobile', storage);
    expect(values).toMatchObject({
      utm_campaign: 'waikato',
      referrer: 'https://bing.com/',
      page_url: 'https://site.nz/contact',
      path: '/contact',
      device: 'mobile',
    });
  });
});
