import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES, type SeededCampusId } from '@common/campuses';
import type { Me, Viewer } from '@common/schemas/auth';
import type { CampusDto } from '@common/schemas/campus';
import { CampusProvider } from '../../../lib/campus';
import { meQueryOptions } from '../../../lib/session';
import { SchoolFinderPage } from './SchoolFinderPage';

/**
 * The school finder's links (ADR 050): a guest opens a school's own site; a
 * signed-in student goes through the session hand-over (ADR 036), so they
 * arrive on the school's site signed in rather than signed out.
 */

const dto = (id: SeededCampusId): CampusDto =>
  ({ ...CAMPUSES[id], url: `http://${id}.localhost:3000` }) as unknown as CampusDto;

beforeEach(() => {
  vi.stubGlobal('fetch', async () => Response.json({ items: [dto('uf'), dto('ut')] }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const viewer: Viewer = {
  id: 'u1',
  campusId: 'campus',
  email: 'gator@ufl.edu',
  username: 'gator',
  firstName: 'Gator',
  lastName: 'Student',
  verified: true,
  schoolVerified: false,
  schoolEmail: null,
  avatarUrl: null,
  profileSetUp: false,
  hasPassword: true,
  phone: null,
  gender: null,
  birthDate: null,
  emailNotifications: true,
  createdAt: 0,
};

function finder(me: Viewer | null, site: SeededCampusId = 'campus') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Me>(meQueryOptions.queryKey, { viewer: me, google: false });
  render(
    <QueryClientProvider client={client}>
      <CampusProvider campus={dto(site)}>
        <MemoryRouter initialEntries={['/search_schools']}>
          <SchoolFinderPage />
        </MemoryRouter>
      </CampusProvider>
    </QueryClientProvider>,
  );
}

const optionHref = async (name: RegExp) =>
  (await screen.findByRole('option', { name })).getAttribute('href');

describe('the school finder', () => {
  it("sends a guest to the school's own site", async () => {
    finder(null);
    expect(await optionHref(/University of Florida/)).toBe('http://uf.localhost:3000');
  });

  it('hands a signed-in student over to the school, so they arrive signed in', async () => {
    finder(viewer);
    expect(await optionHref(/University of Florida/)).toBe('/api/auth/handoff/start?campus=uf');
    expect(await optionHref(/University of Texas/)).toBe('/api/auth/handoff/start?campus=ut');
  });

  it('needs no hand-over to the site the student is already on', async () => {
    finder({ ...viewer, campusId: 'ut' }, 'ut');
    expect(await optionHref(/University of Texas/)).toBe('http://ut.localhost:3000');
    expect(await optionHref(/University of Florida/)).toBe('/api/auth/handoff/start?campus=uf');
  });
});
