import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_VIEWER_MESSAGES as M } from '@common/messages';
import { type MediaDto, type PostDto } from '@common/schemas/posts';
import { formatDuration } from '../../lib/video-poster';
import { GateContext } from '../gates/gate-context';
import { MediaTile } from '../posts/MediaTile';
import { MediaGrid } from '../posts/PostParts';
import { AlertProvider } from '../ui/Alerts';

/**
 * Accessible media (ADR 060) as feed cards, tiles and the photo viewer show
 * it: a photo's description is its alt text (else "Photo N of M"), and a
 * video shows its poster, its box sized up front and its length.
 */

const photo = (n: number, alt = ''): MediaDto => ({
  id: `m${n}`,
  kind: 'image',
  mime: 'image/webp',
  url: `/uploads/m${n}.webp`,
  thumbUrl: `/uploads/m${n}-thumb.webp`,
  width: 800,
  height: 600,
  alt,
  posterUrl: null,
  durationMs: null,
});

const video: MediaDto = {
  id: 'v1',
  kind: 'video',
  mime: 'video/mp4',
  url: '/uploads/media/v1/original.mp4',
  thumbUrl: '/uploads/media/v1/poster-thumb.webp',
  width: 1080,
  height: 608,
  alt: '',
  posterUrl: '/uploads/media/v1/poster.webp',
  durationMs: 42_400,
};

const post = (media: MediaDto[]): PostDto => ({
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
  media,
  likeCount: 0,
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
});

function show(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], { viewer: null, google: false });
  const gates = { openAuthPrompt: vi.fn(), openSchoolPrompt: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <GateContext.Provider value={gates}>
        <AlertProvider>
          <MemoryRouter>{children}</MemoryRouter>
        </AlertProvider>
      </GateContext.Provider>
    </QueryClientProvider>,
  );
}

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

describe("a photo's description", () => {
  const described = post([photo(1, 'Walnut desk with two drawers'), photo(2)]);

  it("is the card's alt text, and an empty one says which photo", () => {
    show(<MediaGrid media={described.media} post={described} />);
    const images = screen.getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'Walnut desk with two drawers',
      'Photo 2 of 2',
    ]);
  });

  it("is the photo viewer's alt text; without one the viewer names whose photo", async () => {
    show(<MediaGrid media={described.media} post={described} />);
    fireEvent.click(screen.getByRole('button', { name: 'Walnut desk with two drawers' }));
    const dialog = await screen.findByRole('dialog', { name: M.title('Sam O.') });
    expect(within(dialog).getByRole('img', { name: 'Walnut desk with two drawers' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(
      within(dialog).getByRole('img', {
        name: M.photoAlt(2, 2, 'Sam O.', 'Oak desk, barely used'),
      }),
    ).toBeTruthy();
  });
});

describe("a video's poster and length", () => {
  it('shows the poster in a box of known size, with "0:42" until it plays', () => {
    show(<MediaGrid media={[video]} post={post([video])} />);
    const player = document.querySelector('video')!;
    expect(player.getAttribute('poster')).toBe('/uploads/media/v1/poster.webp');
    expect([player.getAttribute('width'), player.getAttribute('height')]).toEqual(['1080', '608']);
    expect(player.getAttribute('aria-label')).toBe('Video, 0:42');
    expect(screen.getByTestId('video-duration').textContent).toBe('0:42');
    fireEvent.play(player);
    expect(screen.queryByTestId('video-duration')).toBeNull();
  });

  it('is a still with its length on a media tile, named with its length', () => {
    show(<MediaTile post={post([video])} />);
    const tile = screen.getByRole('link');
    expect(tile.getAttribute('aria-label')).toMatch(/, 0:42, \$40$/);
    expect(tile.querySelector('img')?.getAttribute('src')).toBe(
      '/uploads/media/v1/poster-thumb.webp',
    );
    expect(tile.querySelector('video')).toBeNull();
    expect(screen.getByTestId('video-duration').textContent).toBe('0:42');
  });

  it('without a poster, keeps the first frame and shows no length', () => {
    const bare = { ...video, posterUrl: null, durationMs: null, width: 0, height: 0 };
    show(<MediaGrid media={[bare]} post={post([bare])} />);
    const player = document.querySelector('video')!;
    expect(player.getAttribute('poster')).toBeNull();
    expect(player.getAttribute('preload')).toBe('metadata');
    expect(screen.queryByTestId('video-duration')).toBeNull();
  });

  it('reads as minutes and seconds, and hours when it has them', () => {
    expect([0, 999, 42_400, 61_000, 605_000, 3_729_000].map((ms) => formatDuration(ms))).toEqual([
      '0:00',
      '0:01',
      '0:42',
      '1:01',
      '10:05',
      '1:02:09',
    ]);
  });
});
