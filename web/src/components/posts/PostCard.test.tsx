import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEED_VIEW_COOKIE, FEED_VIEW_MESSAGES } from '@common/feed-view';
import { LISTING_MESSAGES as L } from '@common/listings';
import { MESSAGES } from '@common/messages';
import type { PostDto } from '@common/schemas/posts';
import { POST_MESSAGES } from '@common/words/posts';
import { chooseFeedView, useFeedView } from '../../lib/feed-view';
import { GateContext } from '../gates/gate-context';
import { AlertProvider } from '../ui/Alerts';
import { FeedViewToggle } from './FeedViewToggle';
import { InfiniteList } from './InfiniteList';
import { ListingTile } from './ListingTile';
import { MediaTile } from './MediaTile';
import { PostCard } from './PostCard';
import { opensListing } from './listing-card';
import cards from './PostCard.module.css';

/**
 * A listing's card and tile (ADR 047): photos, a large price, the first line as
 * a title, the status; a tap on the card's body opens the listing, a tap on a
 * control does not. The whole journey, at phone and desktop sizes, is
 * e2e/listing-grid.
 */

const photo = {
  id: 'm1',
  kind: 'image' as const,
  mime: 'image/webp',
  url: '/media/desk.webp',
  alt: '',
  posterUrl: null,
  durationMs: null,
};

function post(extra: Partial<PostDto> = {}): PostDto {
  return {
    id: 'p1',
    campusId: 'ut',
    parentId: null,
    rootId: null,
    depth: 0,
    text: 'Oak desk, two drawers\nSturdy, from a smoke-free dorm.\nPick up by Friday.',
    category: 'furniture',
    author: {
      id: 'a1',
      username: 'riley',
      firstName: 'Riley',
      lastInitial: 'S.',
      avatarUrl: null,
      verified: false,
    },
    media: [],
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
    obo: true,
    condition: 'like_new',
    status: 'available',
    createdAt: Date.now() - 3_600_000,
    updatedAt: Date.now() - 3_600_000,
    spot: null,
    expiresAt: Date.now() + 86_400_000,
    bumpedAt: null,
    ...extra,
  };
}

const gates = { openAuthPrompt: vi.fn(), openSchoolPrompt: vi.fn() };

/** `children` at /home, and the listing's page a tap may open. */
function shown(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], { viewer: null, google: false });
  render(
    <QueryClientProvider client={client}>
      <GateContext.Provider value={gates}>
        <AlertProvider>
          <MemoryRouter initialEntries={['/home']}>
            <Routes>
              <Route path="/home" element={children} />
              <Route path="/post/:id" element={<p>The listing page</p>} />
            </Routes>
          </MemoryRouter>
        </AlertProvider>
      </GateContext.Provider>
    </QueryClientProvider>,
  );
}

const opened = () => screen.queryByText('The listing page') !== null;

beforeEach(() => {
  gates.openAuthPrompt.mockClear();
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

describe("a listing's card", () => {
  it('leads with the photo, then the large price, the first line as its title and the seller', () => {
    shown(
      <PostCard
        post={post({ media: [{ ...photo, thumbUrl: '/t.webp', width: 900, height: 600 }] })}
      />,
    );
    const card = screen.getByRole('article', { name: 'Oak desk, two drawers' });
    const heading = within(card).getByRole('heading', { level: 2 });
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/post/p1');
    const price = within(card).getByText('$40 · OBO');
    expect(price.className).toBe(cards.price);
    // In reading order: photo, price, title, description, seller.
    const text = card.textContent ?? '';
    expect(text.indexOf('$40 · OBO')).toBeLessThan(text.indexOf('Oak desk'));
    expect(text.indexOf('Oak desk')).toBeLessThan(text.indexOf('Sturdy, from'));
    expect(text.indexOf('Sturdy, from')).toBeLessThan(text.indexOf('Riley S.'));
    const img = within(card).getByRole('img');
    expect(img.compareDocumentPosition(price) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The photo's shape, clamped to 16:9 at the widest, is known before it loads.
    expect(card.querySelector(`.${cards.lead}`)?.getAttribute('style')).toContain(
      '--lead-aspect: 1.5000',
    );
    // The title is not repeated in the description.
    expect(within(card).getAllByText(/Oak desk/)).toHaveLength(1);
    expect(within(card).getByText('Like new')).toBeTruthy();
  });

  it('clamps a tall photo to 4:5', () => {
    shown(
      <PostCard
        post={post({ media: [{ ...photo, thumbUrl: '/t.webp', width: 500, height: 1500 }] })}
      />,
    );
    expect(document.querySelector(`.${cards.lead}`)?.getAttribute('style')).toContain(
      '--lead-aspect: 0.8000',
    );
  });

  it('shows Sold and Pending badges, and Free for a price of 0', () => {
    shown(<PostCard post={post({ status: 'sold' })} />);
    expect(screen.getByText(L.sold, { exact: true })).toBeTruthy();
    cleanup();
    shown(<PostCard post={post({ status: 'pending', price: 0, obo: false })} />);
    expect(screen.getByText(L.pending, { exact: true })).toBeTruthy();
    expect(screen.getByText(L.free, { exact: true }).className).toBe(cards.price);
  });

  it('opens the listing on a tap on its body', () => {
    shown(<PostCard post={post()} />);
    fireEvent.click(screen.getByText(/^Sturdy, from/));
    expect(opened()).toBe(true);
  });

  it('does not open the listing on a tap on a button, a photo, or at the end of a selection', () => {
    shown(
      <PostCard
        post={post({ media: [{ ...photo, thumbUrl: '/t.webp', width: 800, height: 800 }] })}
      />,
    );
    // Save asks a guest to sign in, and that is all it does.
    fireEvent.click(screen.getByRole('button', { name: new RegExp(POST_MESSAGES.save) }));
    expect(gates.openAuthPrompt).toHaveBeenCalledWith('like');
    fireEvent.click(screen.getByRole('img'));
    expect(opened()).toBe(false);
    vi.stubGlobal('getSelection', () => ({ toString: () => 'Sturdy' }));
    fireEvent.click(screen.getByText(/^Sturdy, from/));
    expect(opened()).toBe(false);
    vi.stubGlobal('getSelection', () => ({ toString: () => '' }));
    fireEvent.click(screen.getByText(/^Sturdy, from/), { ctrlKey: true });
    expect(opened()).toBe(false);
  });

  it('does not open the listing on a click in a dialog it opened, drawn outside the card', () => {
    const card = document.createElement('article');
    const inside = card.appendChild(document.createElement('p'));
    const portal = document.body.appendChild(document.createElement('div'));
    const click = {
      button: 0,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      defaultPrevented: false,
    };
    expect(opensListing(click, inside, card, '')).toBe(true);
    // The photo viewer's clicks reach the card through React's tree (a portal).
    expect(opensListing(click, portal, card, '')).toBe(false);
  });

  it('keeps the timeline card for a plain post: named by its author, no title, no tap to open', () => {
    shown(<PostCard post={post({ price: null, obo: false, condition: null, expiresAt: null })} />);
    const card = screen.getByRole('article', { name: 'Riley S.' });
    expect(within(card).queryByRole('heading')).toBeNull();
    fireEvent.click(within(card).getByText(/Sturdy, from/));
    expect(opened()).toBe(false);
  });
});

describe("a listing's tile", () => {
  it('shows the photo, the price, the title as its one link, and the status', () => {
    const media = [{ ...photo, thumbUrl: '/t.webp', width: 800, height: 400 }];
    shown(<ListingTile post={post({ media, status: 'pending' })} />);
    const tile = screen.getByRole('article', { name: 'Oak desk, two drawers' });
    expect(within(tile).getByText('$40 · OBO')).toBeTruthy();
    expect(within(tile).getByText(L.pending, { exact: true })).toBeTruthy();
    const links = within(tile).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/post/p1']);
    const img = tile.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/t.webp');
    expect(img.getAttribute('srcset')).toBe('/t.webp 400w, /media/desk.webp 800w');
    fireEvent.click(links[0]!);
    expect(opened()).toBe(true);
  });

  it('says the seller is a verified student when they are, and only then', () => {
    const seller = { ...post().author, verified: true };
    shown(<ListingTile post={post({ author: seller })} />);
    const tile = screen.getByRole('article', { name: 'Oak desk, two drawers' });
    expect(within(tile).getByRole('img', { name: MESSAGES.verifiedStudent })).toBeTruthy();
    cleanup();
    shown(<ListingTile post={post()} />);
    expect(screen.queryByRole('img', { name: MESSAGES.verifiedStudent })).toBeNull();
  });

  it('shows a text tile for a post without a photo', () => {
    shown(<ListingTile post={post({ price: null, obo: false, condition: null })} />);
    const tile = screen.getByRole('article', { name: 'Oak desk, two drawers' });
    expect(tile.querySelector('img')).toBeNull();
    expect(tile.textContent).toContain('Pick up by Friday.');
    cleanup();
    // One line only: the title is not said twice; the square shows the category.
    shown(<ListingTile post={post({ text: 'Desk lamp' })} />);
    const lamp = screen.getByRole('article', { name: 'Desk lamp' });
    expect(within(lamp).getAllByText(/Desk lamp/)).toHaveLength(1);
    expect(within(lamp).getByText('Furniture')).toBeTruthy();
  });

  it('names a listing without text "Listing"', () => {
    shown(<ListingTile post={post({ text: '' })} />);
    expect(screen.getByRole('article', { name: FEED_VIEW_MESSAGES.untitled })).toBeTruthy();
  });
});

describe('the media tab', () => {
  it("shows a listing's price on its tile, and none on a plain post's", () => {
    const media = [{ ...photo, thumbUrl: '/t.webp', width: 800, height: 800 }];
    shown(<MediaTile post={post({ media, price: 15, obo: false })} />);
    expect(screen.getByRole('link').textContent).toContain('$15');
    cleanup();
    shown(<MediaTile post={post({ media, price: null, obo: false })} />);
    expect(screen.getByRole('link').textContent).not.toContain('$');
  });
});

function Toggle() {
  const [view, setView] = useFeedView();
  return <FeedViewToggle value={view} onChange={setView} />;
}

describe('List | Grid', () => {
  it('presses the chosen view and keeps it in the cookie the server reads', () => {
    chooseFeedView('list');
    shown(<Toggle />);
    const group = screen.getByRole('group', { name: FEED_VIEW_MESSAGES.label });
    const grid = within(group).getByRole('button', { name: FEED_VIEW_MESSAGES.grid });
    const list = within(group).getByRole('button', { name: FEED_VIEW_MESSAGES.list });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(grid);
    expect(grid.getAttribute('aria-pressed')).toBe('true');
    expect(list.getAttribute('aria-pressed')).toBe('false');
    expect(document.cookie).toContain(`${FEED_VIEW_COOKIE}=grid`);
  });
});

describe("a list's first photos", () => {
  const photos = (id: string) =>
    [1, 2].map((n) => ({
      ...photo,
      id: `${id}-${n}`,
      thumbUrl: '/t.webp',
      width: 800,
      height: 600,
    }));
  const posts = ['p1', 'p2', 'p3'].map((id) => post({ id, media: photos(id) }));
  const list = (grid: boolean) => (
    <InfiniteList
      posts={posts}
      pending={false}
      hasNextPage={false}
      fetchingNext={false}
      fetchNextPage={() => undefined}
      empty={null}
      label="Posts"
      grid={grid}
    />
  );
  const images = () =>
    [...document.querySelectorAll('img')].map((img) => [
      img.getAttribute('loading'),
      img.getAttribute('fetchpriority'),
    ]);

  beforeEach(() => {
    // The list's watch on its end; nothing here scrolls.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });

  it('loads the first card’s photos at once, its first before all else, and the others lazily', () => {
    shown(list(false));
    expect(images()).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['lazy', null],
      ['lazy', null],
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it('loads the first tile’s photo first in the grid, and the others lazily', () => {
    shown(list(true));
    expect(images()).toEqual([
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });
});
