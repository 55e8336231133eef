import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ALL_CATEGORIES } from '@common/categories';
import { CampusProvider } from '../lib/campus';
import { retryOnceUnlessRefused } from '../lib/api';
import type { BootData } from '../lib/boot';
import { postKeys, type PostPages } from '../lib/post-keys';
import { onSessionEnded } from '../lib/use-live';
import { meQueryOptions } from '../lib/session';
import { appRoutes } from './routes';

export { preloadFeedPage } from './routes';

const router = createBrowserRouter(appRoutes);

export function App({ boot }: { boot: BootData }) {
  const { campus } = boot;
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: {
        queries: { staleTime: 30_000, retry: retryOnceUnlessRefused, refetchOnWindowFocus: false },
      },
    });
    // The page arrived with the session: no loading state for it on first paint.
    client.setQueryData(meQueryOptions.queryKey, boot.me);
    // …and /home with the first page of the feed.
    if (boot.feed) {
      const pages: PostPages = { pages: [boot.feed], pageParams: [undefined] };
      client.setQueryData(postKeys.feed(ALL_CATEGORIES), pages);
    }
    return client;
  });
  // Signed out elsewhere (another device, a password change, a ban): once the server says
  // so, the tab shows the student signed out, and every query of theirs is dropped and
  // read again as a guest's, so nothing they could read stays in memory.
  useEffect(
    () =>
      onSessionEnded(() => {
        // A sign-out of this tab's own clears the cache meanwhile, cancelling the read: nothing to do.
        queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }).then(
          (me) => {
            if (!me.viewer)
              void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
          },
          () => undefined,
        );
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <CampusProvider campus={campus}>
        <RouterProvider router={router} />
      </CampusProvider>
    </QueryClientProvider>
  );
}
