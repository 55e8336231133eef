import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import type { CampusDto } from '@common/schemas/campus';
import { PUSH_MESSAGES as M } from '@common/words/push';

/**
 * The install banner (ADR 058, docs/product/installable-app.md): on a phone,
 * once the browser offers to install and the student has posted or sent a
 * message; answered, never again.
 */

const TITLE = M.installTitle('UT Buy / Sell');
let phone = true;
const prompted = vi.fn();

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  prompted.mockClear();
  phone = true;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: null,
      addEventListener: () => undefined,
      register: () => Promise.resolve(),
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The app as a page load starts it: the worker registered, the banners drawn. */
async function load() {
  cleanup();
  const pwa = await import('../../lib/pwa');
  const { AppBanners } = await import('./AppBanners');
  const { CampusProvider } = await import('../../lib/campus');
  pwa.startPwa();
  render(
    <CampusProvider campus={CAMPUSES.ut as unknown as CampusDto}>
      <AppBanners />
    </CampusProvider>,
  );
  return pwa;
}

/** Chromium offers to install the app. */
function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: () => {
      prompted();
      return Promise.resolve();
    },
    userChoice: Promise.resolve({ outcome: 'accepted' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
}

describe('the install banner', () => {
  it('waits for the first post or message, then offers to install', async () => {
    const pwa = await load();
    offerInstall();
    expect(screen.queryByText(TITLE)).toBeNull();
    act(() => pwa.earnInstallOffer());
    screen.getByRole('heading', { name: TITLE });
    screen.getByText(M.installText);
    fireEvent.click(screen.getByRole('button', { name: M.install }));
    expect(prompted).toHaveBeenCalledOnce();
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it('is not offered on a wider screen', async () => {
    phone = false;
    const pwa = await load();
    offerInstall();
    act(() => pwa.earnInstallOffer());
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it('stays dismissed after Not now, on later visits too', async () => {
    const pwa = await load();
    act(() => pwa.earnInstallOffer());
    offerInstall();
    fireEvent.click(screen.getByRole('button', { name: M.notNow }));
    expect(screen.queryByText(TITLE)).toBeNull();

    vi.resetModules();
    await load();
    offerInstall();
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it('is never shown where the browser does not offer to install', async () => {
    const pwa = await load();
    act(() => pwa.earnInstallOffer());
    expect(screen.queryByText(TITLE)).toBeNull();
  });
});
