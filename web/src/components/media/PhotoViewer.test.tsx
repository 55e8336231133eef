import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_VIEWER_MESSAGES as M } from '@common/messages';
import type { PostDto } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/words/posts';
import { GateContext } from '../gates/gate-context';
import { MediaGrid } from '../posts/PostParts';
import { AlertProvider } from '../ui/Alerts';

/**
 * The photo viewer (ADR 046) as a feed card opens it, in the states that need
 * no server (ADR 035): at the photo tapped, with the count, the listing's price
 * and Save; the arrow keys, Previous and Next, a swipe; a double click's zoom;
 * Escape and Close, and focus back on the photo. The real gestures and pages
 * are e2e/photo-viewer.
 */

const photo = (n: number) => ({
  id: `m${n}`,
  kind: 'image' as const,
  mime: 'image/webp',
  url: `/uploads/m${n}.webp`,
  thumbUrl: `/uploads/m${n}-thumb.webp`,
  width: 800,
  height: 600,
  alt: '',
  posterUrl: null,
  durationMs: null,
});

const post: PostDto = {
  id: 'p1',
  campusId: 'ou',
  parentId: null,
  rootId: null,
  depth: 0,
  text: 'Oak desk, barely used',
  category: 'furniture',
  author: {
    id: 'a1',
    username: 'sam',
    firstName: 'Sam',
    lastInitial: 'O.',
    avatarUrl: null,
    verified: true,
  },
  media: [photo(1), photo(2), photo(3)],
  likeCount: 4,
  commentCount: 0,
  liked: false,
  can: {
    edit: false,
    delete: false,
    markSold: false,
    renew: false,
    save: true,
    comment: true,
    message: true,
    report: true,
  },
  price: 40,
  obo: false,
  condition: null,
  status: 'available',
  createdAt: Date.now() - 60_000,
  updatedAt: Date.now() - 60_000,
  spot: null,
  expiresAt: null,
  bumpedAt: null,
};

function grid() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], { viewer: null, google: false });
  const gates = { openAuthPrompt: vi.fn(), openSchoolPrompt: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <GateContext.Provider value={gates}>
        <AlertProvider>
          <MemoryRouter>
            <MediaGrid media={post.media} post={post} />
          </MemoryRouter>
        </AlertProvider>
      </GateContext.Provider>
    </QueryClientProvider>,
  );
}

/** Taps the grid's `n`-th photo: the viewer, once its code has loaded. */
async function open(n: number) {
  const opener = screen.getByRole('button', { name: `Photo ${n} of 3` });
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: M.title('Sam O.') });
  return { opener, dialog };
}

const counter = (dialog: HTMLElement) => within(dialog).getByText(/^\d of 3$/).textContent;
const shown = (dialog: HTMLElement) =>
  within(dialog).getByRole('img', { name: /^Photo \d of 3 by Sam O\./ });

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the photo viewer', () => {
  it('opens at the photo tapped, with its count, alt text, the price and Save', async () => {
    grid();
    const { dialog } = await open(2);
    expect(counter(dialog)).toBe(M.counter(2, 3));
    expect(shown(dialog).getAttribute('alt')).toBe(
      M.photoAlt(2, 3, 'Sam O.', 'Oak desk, barely used'),
    );
    expect(shown(dialog).getAttribute('src')).toBe('/uploads/m2.webp');
    expect(within(dialog).getByText('$40')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: new RegExp(`^${POST_MESSAGES.save}`) });
    expect(save.getAttribute('aria-pressed')).toBe('false');
    // Focus starts inside, on Close.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: M.close }));
  });

  it('moves between photos with the arrow keys and Previous / Next, and stops at the ends', async () => {
    grid();
    const { dialog } = await open(1);
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(counter(dialog)).toBe(M.counter(1, 3));
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(counter(dialog)).toBe(M.counter(2, 3));
    expect(shown(dialog).getAttribute('src')).toBe('/uploads/m2.webp');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(counter(dialog)).toBe(M.counter(3, 3));
    const next = within(dialog).getByRole('button', { name: M.next });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: M.previous }));
    expect(counter(dialog)).toBe(M.counter(2, 3));
    expect(next.getAttribute('aria-disabled')).toBe('false');
  });

  it('turns to the next photo on a swipe to the left, and not on a short or cancelled drag', async () => {
    grid();
    const { dialog } = await open(1);
    const stage = within(dialog).getByTestId('photo-stage');
    const drag = (from: number, to: number) => {
      fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: from });
      fireEvent.pointerMove(stage, { pointerId: 1, pointerType: 'touch', clientX: to });
      fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: to });
    };
    drag(300, 295);
    expect(counter(dialog)).toBe(M.counter(1, 3));
    drag(300, 100);
    expect(counter(dialog)).toBe(M.counter(2, 3));
    drag(100, 300);
    expect(counter(dialog)).toBe(M.counter(1, 3));
    // A drag the browser takes over (pointercancel) turns nothing.
    fireEvent.pointerDown(stage, { pointerId: 2, pointerType: 'touch', clientX: 300 });
    fireEvent.pointerMove(stage, { pointerId: 2, pointerType: 'touch', clientX: 100 });
    fireEvent.pointerCancel(stage, { pointerId: 2, pointerType: 'touch', clientX: 100 });
    expect(counter(dialog)).toBe(M.counter(1, 3));
  });

  it('zooms in on a double click and back out on another; turning the page unzooms', async () => {
    grid();
    const { dialog } = await open(1);
    const zoom = () => within(dialog).getByRole('button', { name: /^Zoom (in|out)$/ }).textContent;
    expect(zoom()).toBe(M.zoomIn);
    expect(shown(dialog).style.transform).toContain('scale(1)');
    fireEvent.doubleClick(shown(dialog));
    expect(zoom()).toBe(M.zoomOut);
    expect(shown(dialog).style.transform).toContain(`scale(2.5)`);
    fireEvent.doubleClick(shown(dialog));
    expect(zoom()).toBe(M.zoomIn);
    expect(shown(dialog).style.transform).toContain('scale(1)');
    // The Zoom button does the same for a keyboard; the next photo starts unzoomed.
    fireEvent.click(within(dialog).getByRole('button', { name: M.zoomIn }));
    expect(zoom()).toBe(M.zoomOut);
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(zoom()).toBe(M.zoomIn);
    expect(shown(dialog).style.transform).toContain('scale(1)');
  });

  it.each([
    ['Escape', (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape' })],
    [
      'Close',
      (dialog: HTMLElement) =>
        fireEvent.click(within(dialog).getByRole('button', { name: M.close })),
    ],
  ])('closes on %s and gives focus back to the photo that opened it', async (_how, close) => {
    grid();
    const { opener, dialog } = await open(3);
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    close(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
