import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import type { Me, Viewer } from '@common/schemas/auth';
import type { CampusDto } from '@common/schemas/campus';
import { ADMIN_PATH, MODERATION_PATH, SCHOOL_EMAIL_PATH } from './paths';

/**
 * The account-state redirects for a verified account without a school e-mail
 * (ADR 035's component tier): sent to the school e-mail page once, except a
 * moderator opening their queue (ADR 025) and an operator the dashboard (ADR 055).
 */

afterEach(cleanup);
// The redirect is once per page load: each test loads the module afresh.
beforeEach(() => vi.resetModules());

const viewer: Viewer = {
  id: 'u1',
  campusId: 'ut',
  email: 'riley@example.com',
  username: 'riley',
  firstName: 'Riley',
  lastName: 'Moder',
  verified: true,
  schoolVerified: false,
  schoolEmail: null,
  avatarUrl: null,
  profileSetUp: true,
  hasPassword: true,
  phone: null,
  gender: null,
  birthDate: null,
  emailNotifications: true,
  createdAt: 0,
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** Where the account ends up after opening `path` on UT's site. */
async function landing(me: Viewer, path: string): Promise<string | null> {
  cleanup();
  const { AccountRedirects } = await import('./AccountRedirects');
  const { CampusProvider } = await import('../../lib/campus');
  const { meQueryOptions } = await import('../../lib/session');
  const client = new QueryClient();
  client.setQueryData<Me>(meQueryOptions.queryKey, { viewer: me, google: false });
  render(
    <QueryClientProvider client={client}>
      <CampusProvider campus={CAMPUSES.ut as unknown as CampusDto}>
        <MemoryRouter initialEntries={[path]}>
          <AccountRedirects />
          <Where />
        </MemoryRouter>
      </CampusProvider>
    </QueryClientProvider>,
  );
  return screen.getByTestId('where').textContent;
}

describe('a verified account without a school e-mail', () => {
  it('is sent to the school e-mail page', async () => {
    expect(await landing(viewer, '/home')).toBe(SCHOOL_EMAIL_PATH);
  });

  it('is sent there from /moderation too when it moderates nothing', async () => {
    expect(await landing(viewer, MODERATION_PATH)).toBe(SCHOOL_EMAIL_PATH);
  });

  it('stays on /moderation when it moderates the campus', async () => {
    expect(await landing({ ...viewer, moderator: true }, MODERATION_PATH)).toBe(MODERATION_PATH);
    expect(await landing({ ...viewer, moderator: true }, `${MODERATION_PATH}/`)).toBe(
      `${MODERATION_PATH}/`,
    );
  });
  it('stays on /admin when it is an operator', async () => {
    expect(await landing({ ...viewer, admin: true }, ADMIN_PATH)).toBe(ADMIN_PATH);
  });

  it('is sent there from /admin when it is no operator', async () => {
    expect(await landing(viewer, ADMIN_PATH)).toBe(SCHOOL_EMAIL_PATH);
  });

  it('is sent there from /admin when it only moderates', async () => {
    expect(await landing({ ...viewer, moderator: true }, ADMIN_PATH)).toBe(SCHOOL_EMAIL_PATH);
  });
});
