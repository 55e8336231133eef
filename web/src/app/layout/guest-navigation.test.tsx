import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import type { Me } from '@common/schemas/auth';
import type { CampusDto } from '@common/schemas/campus';
import { type AuthPromptType, GateContext } from '../../components/gates/gate-context';
import { CampusProvider } from '../../lib/campus';
import { meQueryOptions } from '../../lib/session';
import { MobileBar } from './MobileBar';
import { Sidebar } from './Sidebar';

/**
 * A guest tapping a page that only an account has (Notifications, Saved,
 * Messages) gets the log-in prompt with its reason and stays where they are,
 * in the sidebar and in the phone's bottom bar alike (ADR 050).
 */

let prompts: AuthPromptType[] = [];
beforeEach(() => {
  prompts = [];
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.stubGlobal('fetch', async () => Response.json({}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function shell(nav: 'sidebar' | 'mobilebar') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Me>(meQueryOptions.queryKey, { viewer: null, google: false });
  const gates = {
    openAuthPrompt: (type: AuthPromptType) => prompts.push(type),
    openSchoolPrompt: () => {},
  };
  render(
    <QueryClientProvider client={client}>
      <CampusProvider campus={CAMPUSES.ut as unknown as CampusDto}>
        <GateContext.Provider value={gates}>
          <MemoryRouter initialEntries={['/home']}>
            {nav === 'sidebar' ? <Sidebar /> : <MobileBar />}
            <Where />
          </MemoryRouter>
        </GateContext.Provider>
      </CampusProvider>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('a guest in the navigation', () => {
  it('sidebar: Notifications, Saved and Messages open the log-in prompt, not a bounce to /home', () => {
    const nav = shell('sidebar');
    for (const [name, prompt] of [
      ['Notifications', 'notifications'],
      ['Saved', 'saved'],
      ['Messages', 'message'],
    ] as const) {
      fireEvent.click(nav.getByRole('link', { name }));
      expect(prompts.at(-1)).toBe(prompt);
      expect(screen.getByTestId('where').textContent).toBe('/home');
    }
  });

  it('bottom bar: Notifications and Messages open the log-in prompt', () => {
    const nav = shell('mobilebar');
    fireEvent.click(nav.getByRole('link', { name: 'Notifications' }));
    fireEvent.click(nav.getByRole('link', { name: 'Messages' }));
    expect(prompts).toEqual(['notifications', 'message']);
    expect(screen.getByTestId('where').textContent).toBe('/home');
  });
});
