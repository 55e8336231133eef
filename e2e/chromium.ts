/** Debian's Chromium unless CHROMIUM_PATH names another. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Headless, as root, with no calls to Google's services (refused on a closed network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
