import { type PointerEvent, type RefObject, useRef, useState } from 'react';

/** How far a photo zooms: a double tap goes to TAP_ZOOM, a pinch up to MAX_ZOOM. */
export const TAP_ZOOM = 2.5;
export const MAX_ZOOM = 4;
/** Two taps this close in time and place are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A pointer that moves less than this is a tap, not a drag. */
const TAP_SLOP_PX = 10;
/** A quick flick turns the page with a shorter move than a slow drag. */
const FLICK_MS = 250;
const FLICK_PX = 30;

/** The shown photo's zoom: its scale and how far it is moved from the centre, in pixels. */
export interface View {
  scale: number;
  x: number;
  y: number;
}
export const UNZOOMED: View = { scale: 1, x: 0, y: 0 };

interface Point {
  x: number;
  y: number;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
const NO_BOX: Box = { left: 0, top: 0, width: 0, height: 0 };

interface Gesture {
  kind: 'swipe' | 'pan' | 'pinch';
  start: Point;
  startView: View;
  startTime: number;
  moved: boolean;
  /** Pinch only: the distance between the two fingers and their midpoint when it began. */
  startDistance: number;
  startMid: Point;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Keeps the zoomed photo over the whole stage: it cannot be pushed out of view. */
export function clampView(view: View, box: { width: number; height: number }): View {
  const scale = clamp(view.scale, 1, MAX_ZOOM);
  const maxX = (box.width * (scale - 1)) / 2;
  const maxY = (box.height * (scale - 1)) / 2;
  return { scale, x: clamp(view.x, -maxX, maxX), y: clamp(view.y, -maxY, maxY) };
}

/**
 * `view` scaled to `scale` so that the point of the photo that was under
 * `from` comes under `to` (both relative to the stage's centre): the photo
 * grows around the fingers, or the place double-tapped.
 */
export function zoomAround(view: View, scale: number, to: Point, from: Point = to): View {
  const ratio = scale / view.scale;
  return { scale, x: to.x - (from.x - view.x) * ratio, y: to.y - (from.y - view.y) * ratio };
}

/** What the stage's gestures change, and the handlers that read them. */
export interface PhotoGestures {
  view: View;
  /** How far a swipe has dragged the row of photos, in pixels. */
  dragX: number;
  /** A finger or button is down: the photos follow it without easing. */
  dragging: boolean;
  /** Zooms in on `at` (relative to the stage's centre), or back out. */
  toggleZoom(at?: Point): void;
  reset(): void;
  handlers: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    onPointerMove(event: PointerEvent<HTMLElement>): void;
    onPointerUp(event: PointerEvent<HTMLElement>): void;
    onPointerCancel(event: PointerEvent<HTMLElement>): void;
    onDoubleClick(event: { clientX: number; clientY: number }): void;
  };
}

/**
 * Swipe, pinch, pan and double tap on the viewer's stage, from pointer
 * events alone (ADR 046): one finger or the mouse swipes between photos, or
 * pans a zoomed one; two fingers pinch; a double tap or double click zooms.
 */
export function usePhotoGestures({
  stage,
  canTurn,
  onTurn,
}: {
  stage: RefObject<HTMLElement | null>;
  canTurn(direction: 1 | -1): boolean;
  onTurn(direction: 1 | -1): void;
}): PhotoGestures {
  const [view, setViewState] = useState<View>(UNZOOMED);
  const [dragX, setDragXState] = useState(0);
  const [dragging, setDragging] = useState(false);
  const current = useRef({ view: UNZOOMED, dragX: 0 });
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ time: number; at: Point } | null>(null);
  const lastPointerType = useRef('mouse');

  const setView = (next: View) => {
    current.current.view = next;
    setViewState(next);
  };
  const setDragX = (next: number) => {
    current.current.dragX = next;
    setDragXState(next);
  };
  const box = (): Box => stage.current?.getBoundingClientRect() ?? NO_BOX;
  /** A point of the window relative to the stage's centre. */
  const fromCentre = (p: Point): Point => {
    const rect = box();
    return { x: p.x - rect.left - rect.width / 2, y: p.y - rect.top - rect.height / 2 };
  };
  const toggleZoom = (at: Point = { x: 0, y: 0 }) =>
    setView(
      current.current.view.scale > 1
        ? UNZOOMED
        : clampView(zoomAround(UNZOOMED, TAP_ZOOM, at), box()),
    );
  const begin = (kind: Gesture['kind'], start: Point, extra: Partial<Gesture> = {}) => {
    gesture.current = {
      kind,
      start,
      startView: current.current.view,
      startTime: performance.now(),
      moved: false,
      startDistance: 0,
      startMid: start,
      ...extra,
    };
  };
  const move = moveHandler({
    gesture,
    pointers,
    current,
    box,
    fromCentre,
    setView,
    setDragX,
    canTurn,
  });
  const end = endHandler({
    gesture,
    pointers,
    current,
    lastTap,
    lastPointerType,
    box,
    fromCentre,
    setView,
    setDragX,
    setDragging,
    toggleZoom,
    canTurn,
    onTurn,
    begin,
  });

  return {
    view,
    dragX,
    dragging,
    toggleZoom,
    reset: () => {
      setView(UNZOOMED);
      setDragX(0);
    },
    handlers: {
      onPointerDown(event) {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        lastPointerType.current = event.pointerType;
        const at = { x: event.clientX, y: event.clientY };
        pointers.current.set(event.pointerId, at);
        setDragging(true);
        if (pointers.current.size === 2) {
          const [a, b] = [...pointers.current.values()] as [Point, Point];
          setDragX(0);
          begin('pinch', at, {
            startDistance: distance(a, b) || 1,
            startMid: fromCentre({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }),
          });
        } else if (pointers.current.size === 1) {
          begin(current.current.view.scale > 1 ? 'pan' : 'swipe', at);
        }
      },
      onPointerMove: move,
      onPointerUp: end,
      onPointerCancel: end,
      onDoubleClick(event) {
        // A double tap was already handled from its pointers; some browsers add a dblclick.
        if (lastPointerType.current !== 'mouse') return;
        toggleZoom(fromCentre({ x: event.clientX, y: event.clientY }));
      },
    },
  };
}

interface Shared {
  gesture: RefObject<Gesture | null>;
  pointers: RefObject<Map<number, Point>>;
  current: RefObject<{ view: View; dragX: number }>;
  box(): Box;
  fromCentre(p: Point): Point;
  setView(view: View): void;
  setDragX(x: number): void;
  canTurn(direction: 1 | -1): boolean;
}

/** A pointer moved: pinch, pan or swipe, whichever its gesture is. */
function moveHandler({
  gesture,
  pointers,
  current,
  box,
  fromCentre,
  setView,
  setDragX,
  canTurn,
}: Shared) {
  return (event: PointerEvent<HTMLElement>) => {
    const g = gesture.current;
    if (!g || !pointers.current.has(event.pointerId)) return;
    const at = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, at);
    if (g.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      if (!b) return;
      const mid = fromCentre({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      const scale = clamp((g.startView.scale * distance(a, b)) / g.startDistance, 1, MAX_ZOOM);
      setView(clampView(zoomAround(g.startView, scale, mid, g.startMid), box()));
      return;
    }
    const dx = at.x - g.start.x;
    const dy = at.y - g.start.y;
    if (Math.hypot(dx, dy) > TAP_SLOP_PX) g.moved = true;
    if (g.kind === 'pan') {
      const { startView: v } = g;
      setView(clampView({ ...v, x: v.x + dx, y: v.y + dy }, box()));
    } else if (current.current.view.scale === 1) {
      // Past the first or last photo the row resists, as a page does at its end.
      setDragX(canTurn(dx < 0 ? 1 : -1) ? dx : dx / 3);
    }
  };
}

/** A pointer lifted: a swipe turns the page, two quick taps zoom, a pinch settles. */
function endHandler(
  shared: Shared & {
    lastTap: RefObject<{ time: number; at: Point } | null>;
    lastPointerType: RefObject<string>;
    setDragging(dragging: boolean): void;
    toggleZoom(at?: Point): void;
    onTurn(direction: 1 | -1): void;
    begin(kind: Gesture['kind'], start: Point): void;
  },
) {
  const { gesture, pointers, current, lastTap, box, fromCentre } = shared;
  return (event: PointerEvent<HTMLElement>) => {
    const g = gesture.current;
    if (!g || !pointers.current.delete(event.pointerId)) return;
    const left = [...pointers.current.values()];
    if (left.length === 0) shared.setDragging(false);
    if (g.kind === 'pinch') {
      // One finger still down pans from where it is; a pinch that ended near 1× is 1×.
      if (left[0]) shared.begin('pan', left[0]);
      else gesture.current = null;
      if (current.current.view.scale < 1.05 && left.length === 0) shared.setView(UNZOOMED);
      return;
    }
    gesture.current = null;
    // The browser took the pointer (a system gesture): the row goes back, nothing turns.
    const cancelled = event.type === 'pointercancel';
    const elapsed = performance.now() - g.startTime;
    if (g.kind === 'swipe') {
      const dx = current.current.dragX;
      shared.setDragX(0);
      const direction = dx < 0 ? 1 : -1;
      const far = Math.abs(dx) > Math.max(40, Math.min(80, box().width * 0.2));
      const flick = Math.abs(dx) > FLICK_PX && elapsed < FLICK_MS;
      if ((far || flick) && !cancelled && shared.canTurn(direction)) shared.onTurn(direction);
    }
    // A double tap of a finger or pen; the mouse's double click is the browser's own event.
    if (cancelled || g.moved || elapsed > DOUBLE_TAP_MS || event.pointerType === 'mouse') return;
    const at = { x: event.clientX, y: event.clientY };
    const before = lastTap.current;
    if (
      before &&
      performance.now() - before.time < DOUBLE_TAP_MS &&
      distance(before.at, at) < DOUBLE_TAP_PX
    ) {
      lastTap.current = null;
      shared.toggleZoom(fromCentre(at));
    } else {
      lastTap.current = { time: performance.now(), at };
    }
  };
}
