import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@common/schemas/live';

export type { LiveEvent };

export interface LiveListener {
  onEvent(event: LiveEvent): void;
  /** The socket came back after a drop: refetch what may have been missed. */
  onReconnect?(): void;
  /**
   * The socket opened for the first time: what was read while the page loaded
   * may have missed an event sent before the server listened for this tab.
   */
  onOpen?(): void;
}

/**
 * The server's close codes for a guest (4401) or a socket not allowed (4403):
 * retrying will not help. Any other close, the server's 4503 "resync" after its
 * bus lost events included (ADR 021), reconnects and refetches.
 */
const SIGNED_OUT = 4401;
const REFUSED = new Set([SIGNED_OUT, 4403]);

/** Told when an open socket's session ended elsewhere (signed out, password changed, banned). */
const sessionEndedListeners = new Set<() => void>();
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

const listeners = new Set<LiveListener>();
let socket: WebSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let attempts = 0;
let dropped = false;

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/live`;
}

function connect(): void {
  retryTimer = undefined;
  const ws = new WebSocket(liveUrl());
  socket = ws;
  ws.onopen = () => {
    attempts = 0;
    const reconnected = dropped;
    listeners.forEach((l) => (reconnected ? l.onReconnect?.() : l.onOpen?.()));
    dropped = false;
  };
  ws.onmessage = (message) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(String(message.data)) as LiveEvent;
    } catch {
      return;
    }
    listeners.forEach((l) => l.onEvent(event));
  };
  let opened = false;
  ws.addEventListener('open', () => (opened = true));
  ws.onclose = (close) => {
    if (socket !== ws) return;
    socket = null;
    // The session this tab was signed in with ended on some server (docs/security.md).
    if (opened && close.code === SIGNED_OUT) sessionEndedListeners.forEach((l) => l());
    if (listeners.size === 0 || REFUSED.has(close.code)) return;
    dropped = true;
    // Exponential backoff with jitter, so a restarted server is not hit by every tab at once.
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempts) * (0.5 + Math.random());
    attempts += 1;
    retryTimer = setTimeout(connect, delay);
  };
}

function disconnect(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  attempts = 0;
  dropped = false;
  const ws = socket;
  socket = null;
  if (!ws) return;
  // Closing a socket that is still connecting logs an error in Chromium: wait for it to open.
  if (ws.readyState === WebSocket.CONNECTING) ws.onopen = () => ws.close();
  else ws.close();
}

/**
 * Listens to the tab's one live socket (ADR 008). The socket opens with the
 * first listener, reconnects with backoff while any listener remains, and
 * closes with the last one.
 */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  if (!socket && retryTimer === undefined) connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

/** `subscribeLive` for a component: subscribed while `enabled`, closed on unmount. */
export function useLive(enabled: boolean, listener: LiveListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!enabled) return;
    return subscribeLive({
      onEvent: (event) => latest.current.onEvent(event),
      onReconnect: () => latest.current.onReconnect?.(),
      onOpen: () => latest.current.onOpen?.(),
    });
  }, [enabled]);
}

/** Calls `listener` when the tab's session ended while its socket was open; returns how to stop. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}
