import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import { categoryLabel } from '@common/categories';
import { MESSAGES } from '@common/messages';
import type { CampusDto } from '@common/schemas/campus';
import { POST_MESSAGES } from '@common/words/posts';
import { AlertProvider } from '../../../components/ui/Alerts';
import { CampusProvider } from '../../../lib/campus';
import { CreateCategoriesPage } from './CreateCategoriesPage';
import { CreatePostPage } from './CreatePostPage';

/**
 * /create/categories on a phone (ADR 050): "Boost visibility" and the
 * categories; a pick opens /create/post with it chosen, Cancel goes back.
 */

let phone = true;
beforeEach(() => {
  phone = true;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('fetch', async () => Response.json({}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function open(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], { viewer: null, google: false });
  render(
    <QueryClientProvider client={client}>
      <CampusProvider campus={CAMPUSES.ut as unknown as CampusDto}>
        <AlertProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/create/categories" element={<CreateCategoriesPage />} />
              <Route path="/create/post" element={<CreatePostPage />} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
          </MemoryRouter>
        </AlertProvider>
      </CampusProvider>
    </QueryClientProvider>,
  );
}
const where = () => screen.getByTestId('where').textContent;

describe('/create/categories', () => {
  it('shows Boost visibility, and a pick opens the composer with that category', () => {
    open('/create/categories?goBack=%2Fhome');
    expect(screen.getByRole('heading', { name: POST_MESSAGES.boostVisibility })).toBeTruthy();
    expect(screen.getByText(POST_MESSAGES.boostVisibilityText)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: categoryLabel('furniture') }));
    expect(where()).toBe('/create/post?goBack=%2Fhome&category=furniture');
    expect(screen.getByRole('heading', { name: MESSAGES.posts.createPost })).toBeTruthy();
    expect(screen.getByRole('button', { name: categoryLabel('furniture') })).toBeTruthy();
  });

  it('goes back to goBack on Cancel', () => {
    open('/create/categories?goBack=%2Fsaved');
    fireEvent.click(screen.getAllByRole('button', { name: MESSAGES.signIn.cancel })[0]!);
    expect(where()).toBe('/saved');
  });

  it('sends a desktop visitor back to goBack, as the other create pages do', () => {
    phone = false;
    open('/create/categories?goBack=%2Fhome');
    expect(where()).toBe('/home');
  });
});
