import { useSyncExternalStore } from 'react';

/**
 * The installable app in the page (ADR 058): the service worker's
 * registration, the browser's install prompt kept for later, and news of a
 * new version. The install banner is offered once, on a phone, after the
 * student's first post or first message; dismissed, it stays dismissed.
 */

/** Chromium's install prompt event (not in the DOM's types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Set once the student posted or sent a message: the banner may be offered. */
export const INSTALL_EARNED_KEY = 'quad.install.earned';
/** Set once the banner was answered (installed or "Not now"): never offered again. */
export const INSTALL_DISMISSED_KEY = 'quad.install.dismissed';

let installPrompt: InstallPromptEvent | null = null;
let updateReady = false;
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version += 1;
  listeners.forEach((listener) => listener());
};

function flag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function setFlag(key: string): void {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // Private mode without storage: the banner simply shows no more this visit.
  }
}

/** Registers the service worker and listens for the install prompt and new versions. */
export function startPwa(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the banner, shown when the student has earned it rather than at once.
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    setFlag(INSTALL_DISMISSED_KEY);
    changed();
  });
  // A worker replacing the one that served this page is a new deploy: offer a reload.
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) return;
    updateReady = true;
    changed();
  });
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

/** The student's first post or message: from now on the install banner may show. */
export function earnInstallOffer(): void {
  if (flag(INSTALL_EARNED_KEY)) return;
  setFlag(INSTALL_EARNED_KEY);
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether to offer the install banner (given a phone) and whether a new version is ready. */
export function usePwaState(): { canOfferInstall: boolean; updateReady: boolean } {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return {
    canOfferInstall:
      installPrompt !== null && flag(INSTALL_EARNED_KEY) && !flag(INSTALL_DISMISSED_KEY),
    updateReady,
  };
}

/** Shows the browser's install dialog; the banner is done either way. */
export async function promptInstall(): Promise<void> {
  const event = installPrompt;
  installPrompt = null;
  setFlag(INSTALL_DISMISSED_KEY);
  changed();
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}

/** "Not now": the banner is not offered again. */
export function dismissInstall(): void {
  setFlag(INSTALL_DISMISSED_KEY);
  changed();
}
