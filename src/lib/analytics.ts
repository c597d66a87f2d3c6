/**
 * The one declaration of gtag, Google Analytics 4's global: defined by src/scripts/analytics.ts
 * only when the build set a measurement id, absent otherwise. Events go through sendEvent, which
 * does nothing without it and never lets a failure in it reach the visitor.
 */
declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
    dataLayer?: unknown[];
  }
}

export function sendEvent(name: string, params: Record<string, string>): void {
  if (typeof window.gtag !== 'function') return;
  try {
    window.gtag('event', name, params);
  } catch {
    // Measuring must never stand between a visitor and what they came to do.
  }
}
