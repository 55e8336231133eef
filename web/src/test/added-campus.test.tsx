import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeededCampusId } from '@common/campuses';
import { AUTH_MESSAGES, MESSAGES } from '@common/messages';
import type { Me, Viewer } from '@common/schemas/auth';
import type { ProfileDto } from '@common/schemas/profiles';
import { PrivateCommunity } from '../components/PrivateCommunity';
import { Banners } from '../components/gates/Banners';
import { REDIRECT_TARGET_KEY, takeRedirectTarget } from '../components/gates/campus-site';
import { GateContext } from '../components/gates/gate-context';
import { AlertProvider } from '../components/ui/Alerts';
import { ProfilePage } from '../features/profile/pages/ProfilePage';
import { SchoolEmailPage } from '../features/school-email/pages/SchoolEmailPage';
import { VerifySchoolEmailPage } from '../features/school-email/pages/VerifySchoolEmailPage';
import { SchoolFinderPage } from '../features/schools/pages/SchoolFinderPage';
import { AboutPage } from '../features/static/pages/AboutPage';
import { CampusActions } from '../features/welcome/components/CampusActions';
import { CampusProvider } from '../lib/campus';
import { meQueryOptions } from '../lib/session';
import { campusesFetch, RICE, siteOf } from './campuses';

/**
 * A campus an operator added with `npm run campus -- add` (Rice) is known to
 * the server, not to this build (ADR 054, 057): every place that names
 * another campus reads it from GET /api/campuses, and none falls back to a
 * compiled campus's words.
 */

const SCHOOLS = [siteOf('ou'), siteOf('ut'), RICE];

const student = (campusId: string, overrides: Partial<Viewer> = {}): Viewer =>
  ({
    id: 'u1',
    campusId,
    email: 'owl@example.com',
    username: 'owl',
    firstName: 'Sammy',
    lastName: 'Owl',
    verified: true,
    schoolVerified: true,
    schoolEmail: `owl@${campusId}.edu`,
    avatarUrl: null,
    profileSetUp: true,
    ...overrides,
  }) as Viewer;

function serve(other?: (url: URL) => Response) {
  const server = campusesFetch(SCHOOLS, other);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

function show(
  ui: ReactNode,
  {
    site = 'campus',
    viewer = null,
    path = '/',
  }: {
    site?: SeededCampusId;
    viewer?: Viewer | null;
    path?: string;
  } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Me>(meQueryOptions.queryKey, { viewer, google: false });
  const gates = { openAuthPrompt: vi.fn(), openSchoolPrompt: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <CampusProvider campus={siteOf(site)}>
        <GateContext.Provider value={gates}>
          <AlertProvider>
            <MemoryRouter initialEntries={[path]}>
              <Suspense fallback={null}>{ui}</Suspense>
            </MemoryRouter>
          </AlertProvider>
        </GateContext.Provider>
      </CampusProvider>
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
  Element.prototype.scrollIntoView = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('a campus added after this build', () => {
  it('is the campus a Rice student on another site is sent home to', async () => {
    serve();
    show(<PrivateCommunity />, { site: 'ut', viewer: student('rice') });
    expect(
      await screen.findByText(
        "UT Buy / Sell is for UT students. You're a member of Rice Buy / Sell.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: MESSAGES.visitYourCampus }).getAttribute('href')).toBe(
      '/api/auth/handoff/start?campus=rice',
    );
  });

  it('is named by the generic site’s "Visit Your Campus" banner', async () => {
    serve();
    show(<Banners />, { viewer: student('rice') });
    const banner = await screen.findByRole('region', { name: MESSAGES.visitYourCampus });
    expect(await within(banner).findByText('Go to Rice Buy / Sell.')).toBeTruthy();
    expect(within(banner).getByRole('link').getAttribute('href')).toBe(
      '/api/auth/handoff/start?campus=rice',
    );
  });

  it('says "your campus" in that banner when the server does not list the campus', async () => {
    const server = serve();
    show(<Banners />, { viewer: student('gone') });
    const banner = await screen.findByRole('region', { name: MESSAGES.visitYourCampus });
    await vi.waitFor(() => expect(server.calls).toEqual(['/api/campuses']));
    expect(await within(banner).findByText('Go to your campus.')).toBeTruthy();
    expect(within(banner).queryByText(/University of Oklahoma|OU Buy/)).toBeNull();
  });

  it('is the school on the profile of one of its students', async () => {
    const profile: ProfileDto = {
      id: 'owl',
      username: 'owl',
      firstName: 'Sammy',
      lastInitial: 'O.',
      avatarUrl: null,
      bio: '',
      campusId: 'rice',
      verified: true,
      schoolVerified: true,
      profileSetUp: true,
      createdAt: Date.UTC(2026, 0, 1),
      postCount: 0,
      can: { edit: false, message: false, block: false, report: false },
    };
    serve((url) =>
      url.pathname === '/api/users/owl'
        ? Response.json(profile)
        : Response.json({
            items: [],
            nextCursor: null,
            stats: { average: null, count: 0, sold: 0, bought: 0 },
          }),
    );
    show(
      <Routes>
        <Route path="/:username" element={<ProfilePage />} />
      </Routes>,
      { viewer: student('rice'), path: '/owl' },
    );
    expect(await screen.findByText('Rice University', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText('Campus Buy / Sell')).toBeNull();
  });

  it('is listed on the About page, from the server', async () => {
    serve();
    show(<AboutPage />, { site: 'ut' });
    expect(await screen.findByText('Rice University')).toBeTruthy();
    expect(screen.getByText('Rice Buy / Sell')).toBeTruthy();
    const current = screen.getByText('UT Buy / Sell', { selector: 'strong' }).closest('li');
    expect(current?.getAttribute('aria-current')).toBe('true');
    // Only what the server lists: no compiled school it left out.
    expect(screen.queryByText('Duke University')).toBeNull();
  });

  it('is found and counted by the school finder', async () => {
    serve();
    show(<SchoolFinderPage />, { path: '/search_schools?q=houston' });
    expect(await screen.findByRole('option', { name: /Rice University/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 school matches "houston"');
  });

  it('opens its own site from the welcome page for one of its students', () => {
    serve();
    show(<CampusActions />, { viewer: student('rice') });
    expect(screen.getByRole('link', { name: MESSAGES.viewYourCampus }).getAttribute('href')).toBe(
      '/api/auth/handoff/start?campus=rice',
    );
  });

  it('is remembered after a school verification for the generic site to send the student on', () => {
    window.localStorage.setItem(REDIRECT_TARGET_KEY, 'rice');
    expect(takeRedirectTarget()).toBe('rice');
    window.localStorage.setItem(REDIRECT_TARGET_KEY, 'not a campus');
    expect(takeRedirectTarget()).toBeNull();
  });

  it('takes its own school e-mail domain on the generic site (?campus=rice)', async () => {
    serve();
    show(<SchoolEmailPage />, {
      viewer: student('campus', { schoolVerified: false, schoolEmail: null }),
      path: '/settings/account/school_email?campus=rice',
    });
    expect(await screen.findByText('Rice University')).toBeTruthy();
    expect(
      screen.getByText("For example yourname@rice.edu. We'll send the PIN there."),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rice logo' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('School email'), { target: { value: 'owl@ou.edu' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.schoolEmail.sendPin }));
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.validSchoolEmail);
    fireEvent.change(screen.getByLabelText('School email'), { target: { value: 'owl@rice.edu' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.getByText(
        'Only Rice students can join Rice Buy / Sell: that is what keeps it a trusted place to buy and sell.',
      ),
    ).toBeTruthy();
  });

  it('shows its logo while its PIN is entered on the generic site', async () => {
    const server = serve();
    show(<VerifySchoolEmailPage />, {
      viewer: student('campus', { schoolVerified: false, schoolEmail: null }),
      path: '/settings/account/verify_school_email?email=owl@rice.edu&campus=rice',
    });
    expect(screen.getByRole('heading', { name: 'Enter your PIN' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Rice logo' })).toBeTruthy();
    expect(server.calls).toEqual(['/api/campuses']);
  });
});
