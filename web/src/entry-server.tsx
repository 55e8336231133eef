import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ALL_CATEGORIES } from '@common/categories';
import type { FeedView } from '@common/feed-view';
import type { Me } from '@common/schemas/auth';
import type { CampusDto } from '@common/schemas/campus';
import type { PostList } from '@common/schemas/posts';
import { GateContext, type GateContextValue } from './components/gates/gate-context';
import { AlertProvider } from './components/ui/Alerts';
import { FeedPage } from './features/feed/pages/FeedPage';
import { CampusProvider } from './lib/campus';
import { FIRST_POSTS } from './lib/first-posts';
import { ServerFeedView } from './lib/feed-view';
import { postKeys, type PostPages } from './lib/post-keys';
import { meQueryOptions } from './lib/session';

/** What the server already writes into /home (`#quad-boot`, `#quad-feed`): all the feed page needs. */
export interface FirstPostsData {
  campus: CampusDto;
  me: Me;
  feed: PostList;
  /** The student's view of the feed, from their cookie (ADR 047); the list when absent. */
  view?: FeedView;
}

/** Nothing in the server's copy can be used (it is inert): no prompt to open. */
const noGates: GateContextValue = {
  openAuthPrompt: () => undefined,
  openSchoolPrompt: () => undefined,
};

/**
 * The feed of /home as the app's first render draws it, rendered on the server
 * from the app's own components (`FeedPage`, `InfiniteList`, `PostCard` or,
 * in the grid the student chose, `ListingTile`: ADR 047) so
 * the first posts paint before the app's code has run (ADR 045). The providers
 * are the app's, seeded with the page's data as `App` seeds them: the session,
 * the campus and the feed's first page (cut to FIRST_POSTS), a router at
 * /home. The shell around it is the layout's, its bars left out: the page
 * writes the top bar's brand itself. Inert and hidden from assistive
 * technology: the app's first render replaces it with the same boxes.
 */
export function renderFirstPosts({ campus, me, feed, view = 'list' }: FirstPostsData): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(meQueryOptions.queryKey, me);
  const first: PostList = { ...feed, items: feed.items.slice(0, FIRST_POSTS) };
  // Posts cut off: the list is not at its end, so it draws no "You've reached the end."
  if (first.items.length < feed.items.length) first.nextCursor ??= 'more';
  const pages: PostPages = { pages: [first], pageParams: [undefined] };
  client.setQueryData(postKeys.feed(ALL_CATEGORIES), pages);
  // Alerts and gates inside the block: its live region is inert and hidden with the rest.
  return renderToString(
    <QueryClientProvider client={client}>
      <CampusProvider campus={campus}>
        <ServerFeedView.Provider value={view}>
          <MemoryRouter initialEntries={['/home']}>
            <div
              id="quad-first-posts"
              // The grid takes the rail's room, as the app's shell gives it (AppLayout).
              className={view === 'grid' ? 'shell__body shell__body--wide' : 'shell__body'}
              inert
              aria-hidden="true"
            >
              <AlertProvider>
                <GateContext.Provider value={noGates}>
                  <div className="shell__nav" />
                  <div className="shell__main">
                    <FeedPage />
                  </div>
                </GateContext.Provider>
              </AlertProvider>
            </div>
          </MemoryRouter>
        </ServerFeedView.Provider>
      </CampusProvider>
    </QueryClientProvider>,
  );
}
