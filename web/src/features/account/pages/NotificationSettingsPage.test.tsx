import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CHOICES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTINGS_TEXT as T,
  type NotificationSettingsDto,
} from '@common/schemas/notification-settings';
import { AlertProvider } from '../../../components/ui/Alerts';
import { NotificationSettingsPage } from './NotificationSettingsPage';

/**
 * The notification settings grid (ADR 059): a switch per kind and channel,
 * saved at once and shown before the server answers, back where it was when
 * the save fails; quiet hours in the browser's time zone.
 */

const stored: NotificationSettingsDto = { kinds: DEFAULT_CHOICES, quietHours: null };
const puts: NotificationSettingsDto[] = [];
let failWith: string | null = null;
let answer: (() => void) | null = null;

beforeEach(() => {
  puts.length = 0;
  failWith = null;
  answer = null;
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    expect(url).toBe('/api/me/notification-settings');
    if (!init.method || init.method === 'GET') return Response.json(stored);
    const body = JSON.parse(String(init.body)) as NotificationSettingsDto;
    puts.push(body);
    // The test answers the save when it chooses (to see the switch before the answer).
    await new Promise<void>((resolve) => (answer = resolve));
    return failWith
      ? Response.json({ error: { code: 'bad', message: failWith } }, { status: 400 })
      : Response.json(body);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function shown() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AlertProvider>
        <MemoryRouter>
          <NotificationSettingsPage />
        </MemoryRouter>
      </AlertProvider>
    </QueryClientProvider>,
  );
}

const switchOf = (kind: keyof typeof T.kinds, channel: keyof typeof T.channels) =>
  screen.getByRole('switch', { name: `${T.kinds[kind]}: ${T.channels[channel]}` });

describe('the notification settings grid', () => {
  it('shows every kind with a switch per channel, as the settings say', async () => {
    shown();
    await screen.findByRole('switch', { name: 'Messages: Push' });
    expect(screen.getByRole('heading', { name: T.title })).toBeTruthy();
    for (const kind of NOTIFICATION_KINDS) {
      const group = screen.getByRole('group', { name: T.kinds[kind] });
      expect(within(group).getAllByRole('switch')).toHaveLength(3);
      for (const channel of NOTIFICATION_CHANNELS)
        expect((switchOf(kind, channel) as HTMLInputElement).checked).toBe(
          DEFAULT_CHOICES[kind][channel],
        );
    }
    expect(screen.getByText('Offers and meetups')).toBeTruthy();
    expect(screen.getByText('Product news')).toBeTruthy();
    expect(screen.getByText(T.pushHint)).toBeTruthy();
  });

  it('turns one kind off in one channel at once and saves the whole grid', async () => {
    shown();
    const saves = await screen.findByRole('switch', { name: 'Saves: In the app' });
    fireEvent.click(saves);
    // Shown before the server answers.
    await waitFor(() => expect((saves as HTMLInputElement).checked).toBe(false));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      kinds: { ...DEFAULT_CHOICES, saves: { ...DEFAULT_CHOICES.saves, inApp: false } },
      quietHours: null,
    });
    answer!();
    expect(await screen.findByText(T.saved)).toBeTruthy();
    expect((switchOf('saves', 'inApp') as HTMLInputElement).checked).toBe(false);
  });

  it('puts the switch back and says why when the save fails', async () => {
    failWith = 'Too many changes. Try again in a minute.';
    shown();
    const email = await screen.findByRole('switch', { name: 'Messages: E-mail' });
    fireEvent.click(email);
    await waitFor(() => expect((email as HTMLInputElement).checked).toBe(false));
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    expect(await screen.findByText('Too many changes. Try again in a minute.')).toBeTruthy();
    await waitFor(() =>
      expect((switchOf('messages', 'email') as HTMLInputElement).checked).toBe(true),
    );
  });

  it('turns quiet hours on in the browser’s time zone, and refuses the same start and end', async () => {
    shown();
    const quiet = await screen.findByRole('switch', { name: T.quietSwitch });
    fireEvent.click(quiet);
    await waitFor(() => expect(puts).toHaveLength(1));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(puts[0]!.quietHours).toEqual({ start: '22:00', end: '07:00', timeZone: zone });
    answer!();
    expect(await screen.findByText(T.timeZone(zone))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(T.quietTo), { target: { value: '22:00' } });
    expect((await screen.findByRole('alert')).textContent).toBe(T.sameTimes);
    expect(puts).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(T.quietTo), { target: { value: '06:30' } });
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.quietHours).toEqual({ start: '22:00', end: '06:30', timeZone: zone });
  });
});
