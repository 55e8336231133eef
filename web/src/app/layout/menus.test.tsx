import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@common/messages';
import type { Viewer } from '@common/schemas/auth';
import { DASHBOARD_MESSAGES } from '@common/words/dashboard';
import { MODERATION_MESSAGES } from '@common/words/moderation';
import { AccountDropdown, ProfileDropdown } from './menus';

/** A moderator reaches their queue from either account menu (ADR 050); nobody else sees it. */

afterEach(cleanup);

const viewer = (moderator: boolean): Viewer =>
  ({
    id: 'u1',
    campusId: 'ut',
    username: 'riley',
    firstName: 'Riley',
    lastName: 'Moder',
    avatarUrl: null,
    verified: true,
    schoolVerified: true,
    ...(moderator ? { moderator: true } : {}),
  }) as Viewer;

function menus(who: Viewer) {
  render(
    <MemoryRouter>
      <AccountDropdown face="A" label="Account" defaultOpen viewer={who} googleEnabled={false} />
    </MemoryRouter>,
  );
  const account = screen.queryByRole('menuitem', { name: MODERATION_MESSAGES.moderation });
  expect(screen.getByRole('menuitem', { name: MESSAGES.settingsLogOut })).toBeTruthy();
  cleanup();
  render(
    <MemoryRouter>
      <ProfileDropdown face="P" label="Profile" defaultOpen viewer={who} className="x" />
    </MemoryRouter>,
  );
  const profile = screen.queryByRole('menuitem', { name: MODERATION_MESSAGES.moderation });
  return [account?.getAttribute('href') ?? null, profile?.getAttribute('href') ?? null];
}

describe('the account menus', () => {
  it('link a moderator to /moderation', () => {
    expect(menus(viewer(true))).toEqual(['/moderation', '/moderation']);
  });

  it('offer no Moderation to other students', () => {
    expect(menus(viewer(false))).toEqual([null, null]);
  });
});

/** An operator reaches the dashboard from either account menu (ADR 055); nobody else sees it. */
function dashboardLinks(who: Viewer) {
  render(
    <MemoryRouter>
      <AccountDropdown face="A" label="Account" defaultOpen viewer={who} googleEnabled={false} />
    </MemoryRouter>,
  );
  const account = screen.queryByRole('menuitem', { name: DASHBOARD_MESSAGES.menu });
  cleanup();
  render(
    <MemoryRouter>
      <ProfileDropdown face="P" label="Profile" defaultOpen viewer={who} className="x" />
    </MemoryRouter>,
  );
  const profile = screen.queryByRole('menuitem', { name: DASHBOARD_MESSAGES.menu });
  return [account?.getAttribute('href') ?? null, profile?.getAttribute('href') ?? null];
}

describe('the dashboard entry', () => {
  it('links an admin to /admin', () => {
    expect(dashboardLinks({ ...viewer(false), admin: true })).toEqual(['/admin', '/admin']);
  });

  it('is not offered to students, moderators included', () => {
    expect(dashboardLinks(viewer(true))).toEqual([null, null]);
  });
});
