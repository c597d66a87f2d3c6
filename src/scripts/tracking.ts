/**
 * First-touch attribution for the visit: the landing page's UTM values, gclid and referrer are
 * kept in sessionStorage so a visitor who lands on a city page and submits from /contact still
 * carries them. Runs on every page; a few hundred bytes, no framework.
 */
import { captureFirstTouch } from '../lib/tracking.ts';

captureFirstTouch(window.location.href, document.referrer, window.sessionStorage);
