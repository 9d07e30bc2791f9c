/** Debian's Chromium: browser downloads do not work on our machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How Chromium runs in the browser tests and the Lighthouse benchmark: as root in a container (no
 * sandbox), without a GPU, and without its background calls, which a closed network refuses by the dozen.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
