import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import type { CampusDto } from '@common/schemas/campus';
import { AlertProvider } from '../../../components/ui/Alerts';
import { CampusProvider } from '../../../lib/campus';
import { LogoutPage } from './LogoutPage';

/**
 * Signing out ends this browser's pushes (ADR 058): its subscription is
 * deleted on the server while the session still can, then in the browser,
 * and only then the session ends. A browser without one just signs out.
 */

const ENDPOINT = 'https://push.example.test/send/abc?x=1';
let calls: string[];
let subscription: { endpoint: string; unsubscribe: ReturnType<typeof vi.fn> } | null;
let deleteFails: boolean;

beforeEach(() => {
  calls = [];
  deleteFails = false;
  subscription = {
    endpoint: ENDPOINT,
    unsubscribe: vi.fn(async () => {
      calls.push('browser unsubscribe');
      return true;
    }),
  };
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async (scope: string) => {
        expect(scope).toBe('/');
        return { pushManager: { getSubscription: async () => subscription } };
      },
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${url}`);
    if (url.startsWith('/api/me/push-devices') && deleteFails)
      return Response.json({ error: { code: 'x', message: 'Down' } }, { status: 503 });
    if (url.startsWith('/api/me/push-devices')) return new Response(null, { status: 204 });
    return Response.json({ ok: true });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function signOut() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], {
    viewer: { id: 'u1', email: 'ana.rivera@utexas.edu', firstName: 'Ana' },
    google: false,
  });
  render(
    <QueryClientProvider client={client}>
      <CampusProvider campus={CAMPUSES.ut as unknown as CampusDto}>
        <AlertProvider>
          <MemoryRouter initialEntries={['/logout']}>
            <Routes>
              <Route path="/logout" element={<LogoutPage />} />
              <Route path="/home" element={<p>Home page</p>} />
            </Routes>
          </MemoryRouter>
        </AlertProvider>
      </CampusProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: MESSAGES.signIn.logOut }));
  return screen.findByText('Home page');
}

describe('signing out', () => {
  it("deletes this browser's push subscription, then unsubscribes it, then ends the session", async () => {
    await signOut();
    expect(calls).toEqual([
      `DELETE /api/me/push-devices?endpoint=${encodeURIComponent(ENDPOINT)}`,
      'browser unsubscribe',
      'POST /api/auth/logout',
    ]);
  });

  it('just ends the session when this browser has no push subscription', async () => {
    subscription = null;
    await signOut();
    expect(calls).toEqual(['POST /api/auth/logout']);
  });

  it('still unsubscribes and signs out when the server cannot delete the subscription', async () => {
    deleteFails = true;
    await signOut();
    await waitFor(() =>
      expect(calls).toEqual([
        `DELETE /api/me/push-devices?endpoint=${encodeURIComponent(ENDPOINT)}`,
        'browser unsubscribe',
        'POST /api/auth/logout',
      ]),
    );
  });

  it('signs out in a browser without push at all', async () => {
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    await signOut();
    expect(calls).toEqual(['POST /api/auth/logout']);
  });
});
