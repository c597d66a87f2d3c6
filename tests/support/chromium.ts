/** Debian's Chromium, as the browser tests and the Lighthouse bench start it on a machine with a closed network. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps calling Google's services, which this network refuses.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
