import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import type { CampusDto } from '@common/schemas/campus';
import { PROFILE_MESSAGES as M } from '@common/schemas/profiles';
import { GateContext } from '../../../components/gates/gate-context';
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

function guestOpens(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], { viewer: null, google: false });
  const gates = { openAuthPrompt: vi.fn(), openSchoolPrompt: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <CampusProvider campus={CAMPUSES.ut as unknown as CampusDto}>
        <GateContext.Provider value={gates}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/:username" element={<ProfilePage />} />
            </Routes>
          </MemoryRouter>
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
