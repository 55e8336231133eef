import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import type { CampusDto } from '@common/schemas/campus';
import { PROFILE_MESSAGES as M } from '@common/words/profiles';
import { SALE_MESSAGES } from '@common/schemas/sales';
import { GateContext } from '../../../components/gates/gate-context';
import { AlertProvider } from '../../../components/ui/Alerts';
import { CampusProvider } from '../../../lib/campus';
import { ProfilePage } from './ProfilePage';

/**
 * A dead profile link (ADR 050): a name no account can have is not found for
 * a guest too, without asking the server; a possible name asks, and a guest
 * gets the private screen whether or not it exists (ADR 038).
 */

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return Response.json(
      { error: { code: 'sign_in', message: 'Sign in to continue.' } },
      { status: 401 },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function guestOpens(path: string, viewer: unknown = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], { viewer, google: false });
  const gates = { openAuthPrompt: vi.fn(), openSchoolPrompt: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <CampusProvider campus={CAMPUSES.ut as unknown as CampusDto}>
        <GateContext.Provider value={gates}>
          <AlertProvider>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="/:username" element={<ProfilePage />} />
              </Routes>
            </MemoryRouter>
          </AlertProvider>
        </GateContext.Provider>
      </CampusProvider>
    </QueryClientProvider>,
  );
}

describe('a guest following a profile link', () => {
  it('sees the not-found page for a name no account can have, and nothing is asked', () => {
    guestOpens('/no%20such%20name!');
    expect(screen.getByRole('heading', { name: M.notFoundTitle })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: MESSAGES.privateCommunity })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('sees the private screen for a possible name, as for one that exists', async () => {
    guestOpens('/jane-doe');
    await screen.findByRole('heading', { name: MESSAGES.privateCommunity });
    expect(asked).toEqual(['/api/users/jane-doe']);
  });
});

/**
 * Jane's profile answers at once and her reviews only when the returned
 * function is called: the page's two reads arriving in that order.
 */
function janeWithLateReviews(
  can: { message: boolean; block: boolean; report: boolean },
  stats: { average: number | null; count: number; sold: number; bought: number },
): () => void {
  let answerReviews = () => undefined as void;
  const reviews = new Promise<void>((resolve) => (answerReviews = resolve));
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url === '/api/users/jane')
      return Response.json({
        id: 'jane',
        username: 'jane',
        firstName: 'Jane',
        lastInitial: 'D.',
        avatarUrl: null,
        bio: '',
        campusId: 'ut',
        verified: true,
        schoolVerified: true,
        profileSetUp: true,
        createdAt: Date.UTC(2026, 0, 1),
        postCount: 0,
        can: { edit: false, ...can },
      });
    if (url.startsWith('/api/users/jane/reviews')) {
      await reviews;
      return Response.json({ stats, items: [], nextCursor: null });
    }
    return Response.json({ items: [], nextCursor: null });
  });
  return answerReviews;
}

describe('a student opening a profile', () => {
  it('asks for its reviews beside it and shows both at once: nothing is pushed down', async () => {
    const answerReviews = janeWithLateReviews(
      { message: false, block: false, report: false },
      { average: 4.5, count: 2, sold: 3, bought: 1 },
    );
    guestOpens('/jane', { id: 'sam', username: 'sam', campusId: 'ut', schoolVerified: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toContain('/api/users/jane');
    expect(asked.some((u) => u.startsWith('/api/users/jane/reviews'))).toBe(true);
    // The profile came, its reviews did not yet: the page still shows its grey shape.
    expect(screen.getByLabelText('Loading profile')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: SALE_MESSAGES.reviewsHeading })).toBeNull();
    answerReviews();
    await screen.findByRole('heading', { name: SALE_MESSAGES.reviewsHeading });
    expect(screen.getByText('★ 4.5')).toBeTruthy();
    expect(screen.queryByLabelText('Loading profile')).toBeNull();
  });
});

describe('a shared profile link with ?redirect=true', () => {
  it('asks "Start Conversation?" once the page shows, even when its reviews answer last', async () => {
    const answerReviews = janeWithLateReviews(
      { message: true, block: true, report: true },
      { average: null, count: 0, sold: 0, bought: 0 },
    );
    guestOpens('/jane?redirect=true', {
      id: 'sam',
      username: 'sam',
      campusId: 'ut',
      schoolVerified: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Loading profile')).toBeTruthy();
    answerReviews();
    await screen.findByRole('dialog', { name: 'Start Conversation?' });
  });
});
