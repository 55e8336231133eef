/**
 * The installable app and its push notifications (ADR 058): Quad's own words.
 * Apart from the schemas (schemas/push.ts re-exports them), so that the
 * install banner of every page's shell does not bring zod into the first
 * JavaScript (docs/benchmarks.md, Web).
 */
export const PUSH_MESSAGES = {
  pushThisDevice: 'Push notifications on this device',
  pushThisDeviceHint: 'Messages, offers and replies pop up here even when Quad is closed.',
  pushUnsupported: "This browser can't show push notifications.",
  pushBlocked:
    'Notifications are blocked for this site in your browser settings. Allow them there, then try again.',
  pushOn: 'Push notifications are on for this device.',
  pushOff: 'Push notifications are off for this device.',
  devicesTitle: 'Devices with push notifications',
  noDevices: 'No device gets push notifications yet.',
  thisDevice: 'This device',
  removeDevice: 'Remove',
  removeDeviceLabel: (device: string) => `Remove ${device}`,
  deviceRemoved: (device: string) => `${device} no longer gets push notifications.`,
  addedOn: (date: string) => `Added ${date}`,
  installTitle: (productName: string) => `Add ${productName} to your home screen`,
  installText: 'Open it like an app and get your messages as they arrive.',
  install: 'Install',
  notNow: 'Not now',
  updateReady: 'A new version of Quad is ready.',
  reload: 'Reload',
  offlineTitle: "You're offline",
  offlineText: 'Check your connection, then try again.',
  tryAgain: 'Try again',
  notFound: 'That device was not found.',
  badEndpoint: "This browser's push service is not one Quad sends to.",
} as const;
