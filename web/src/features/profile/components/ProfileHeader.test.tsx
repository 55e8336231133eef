import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '@common/schemas/auth';
import { CHAT_MESSAGES } from '@common/words/chats';
import type { ProfileCan, ProfileDto } from '@common/schemas/profiles';
import { PROFILE_MESSAGES as M } from '@common/words/profiles';
import { GateContext } from '../../../components/gates/gate-context';
import { AlertProvider } from '../../../components/ui/Alerts';
import { ProfileHeader } from './ProfileHeader';

/**
 * The profile header offers Edit Profile, Send Message, Report and Block as
 * the profile's `can` says (ADR 044), not by comparing the viewer's id; Send
 * Message is also offered to a viewer without a school e-mail, whom the gate
 * then asks to verify.
 */

const jane = (can: Partial<ProfileCan>): ProfileDto => ({
  id: 'jane',
  username: 'jane',
  firstName: 'Jane',
  lastInitial: 'D.',
  avatarUrl: null,
  bio: '',
  campusId: 'ou',
  verified: true,
  schoolVerified: true,
  profileSetUp: true,
  createdAt: Date.UTC(2026, 0, 1),
  postCount: 2,
  can: { edit: false, message: false, block: false, report: false, ...can },
});

const viewer = (schoolVerified: boolean): Viewer =>
  ({
    id: 'viewer',
    campusId: 'ou',
    email: 'sam@example.com',
    username: 'sam',
    firstName: 'Sam',
    lastName: 'Okafor',
    verified: true,
    schoolVerified,
    schoolEmail: schoolVerified ? 'sam@ou.edu' : null,
    avatarUrl: null,
  }) as Viewer;

function shown(profile: ProfileDto, schoolVerified: boolean | 'guest' = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], {
    viewer: schoolVerified === 'guest' ? null : viewer(schoolVerified),
    google: false,
  });
  const gates = { openAuthPrompt: vi.fn(), openSchoolPrompt: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <GateContext.Provider value={gates}>
        <AlertProvider>
          <MemoryRouter>
            <ProfileHeader profile={profile} schoolName="OU" messageAtOnce={false} />
          </MemoryRouter>
        </AlertProvider>
      </GateContext.Provider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', async () => Response.json({ items: [] }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const message = () => screen.queryByRole('button', { name: CHAT_MESSAGES.sendMessage });

describe('the profile header', () => {
  it('offers Edit Profile on a profile the viewer may edit, and no Send Message', () => {
    shown(jane({ edit: true }));
    expect(screen.getByRole('link', { name: M.editProfile })).toBeTruthy();
    expect(message()).toBeNull();
  });

  it('offers Send Message when can.message is true, and hides it when false', () => {
    shown(jane({ message: true, block: true, report: true }));
    expect(message()).toBeTruthy();
    expect(screen.queryByRole('link', { name: M.editProfile })).toBeNull();
    cleanup();
    // A school-verified viewer across a block: the profile says they may not message.
    shown(jane({ block: true, report: true }));
    expect(message()).toBeNull();
  });

  it('still offers Send Message to a viewer without a school e-mail, for the gate to explain', () => {
    shown(jane({ block: true, report: true }), false);
    expect(message()).toBeTruthy();
  });
});

describe('"Claim this account" on an unverified profile (ADR 050)', () => {
  const moreMenu = () => {
    fireEvent.keyDown(screen.getByRole('button', { name: M.moreActions }), { key: 'Enter' });
    return screen.getByRole('menu');
  };
  const claim = () => screen.queryByRole('menuitem', { name: M.claimAccount });

  it('is offered to a guest, who signs in as the account', () => {
    shown({ ...jane({}), verified: false }, 'guest');
    moreMenu();
    expect(claim()).toBeTruthy();
  });

  it('is not offered to a signed-in student, whom /login would only send home', () => {
    shown({ ...jane({}), verified: false });
    moreMenu();
    expect(screen.getByRole('menuitem', { name: M.copyLink })).toBeTruthy();
    expect(claim()).toBeNull();
  });
});
