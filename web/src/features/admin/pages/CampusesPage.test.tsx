import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_CAMPUS_MESSAGES as M,
  type AdminCampus,
  CAMPUS_FORM_WORDS as W,
} from '@common/schemas/admin-campuses';
import { AlertProvider } from '../../../components/ui/Alerts';
import { CampusesPage } from './CampusesPage';

/**
 * The admin campus page (ADR 056): the list, the form's live contrast check
 * and spots, the server's refusals beside their fields, retire after a
 * confirmation. The rules themselves are campuses.admin.routes.test.ts's.
 */

const campus = (over: Partial<AdminCampus>): AdminCampus => ({
  id: 'ou',
  name: 'OU',
  productName: 'OU Buy / Sell',
  schoolName: 'University of Oklahoma',
  city: 'Norman, Oklahoma',
  state: 'OK',
  emailDomains: ['ou.edu'],
  theme: { primary: '#841617', onPrimary: '#ffffff', accent: '#fdf9d8' },
  instagram: 'oubuysell',
  supportEmail: 'ou@quadcampus.app',
  privacy: 'private',
  spots: [
    { id: 'union', name: 'Union', description: 'Main doors.' },
    { id: 'library', name: 'Library', description: 'Lobby.' },
  ],
  url: 'http://ou.localhost',
  status: 'active',
  isDefault: true,
  rankedFeed: true,
  logoMediaId: null,
  ...over,
});

let items: AdminCampus[];
const calls: { method: string; url: string; body: unknown }[] = [];
let answer: (method: string, url: string) => Response | null;

beforeEach(() => {
  calls.length = 0;
  answer = () => null;
  items = [
    campus({}),
    campus({ id: 'duke', name: 'Duke', productName: 'Duke Buy / Sell', isDefault: false }),
  ];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const given = answer(method, url);
    if (given) return given;
    if (method === 'GET') return Response.json({ items });
    return Response.json(items[1]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AlertProvider>
        <MemoryRouter>
          <CampusesPage />
        </MemoryRouter>
      </AlertProvider>
    </QueryClientProvider>,
  );
}

describe('the admin campus page', () => {
  it('lists the campuses with their status; the default campus cannot be retired', async () => {
    items[1] = { ...items[1]!, status: 'read_only' };
    open();
    const duke = (await screen.findByText('Duke Buy / Sell', { exact: false })).closest('li')!;
    expect(within(duke).getByText('Read-only')).toBeTruthy();
    expect(within(duke).getByRole('button', { name: 'Close Duke' })).toBeTruthy();
    const ou = screen.getByText('OU Buy / Sell', { exact: false }).closest('li')!;
    expect(within(ou).getByText('Active')).toBeTruthy();
    expect(within(ou).queryByRole('button', { name: /Retire/ })).toBeNull();
  });

  it('checks the contrast as the colour changes, keeps two spots, and shows refusals beside their fields', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: M.add }));
    expect(screen.getByTestId('contrast').textContent).toBe(
      'White text on the primary colour: 15.47:1. Passes WCAG AA (needs 4.5:1).',
    );
    fireEvent.change(screen.getByLabelText(W.primary), { target: { value: '#ffcc00' } });
    expect(screen.getByTestId('contrast').textContent).toBe(
      'White text on the primary colour: 1.51:1. Fails WCAG AA (needs 4.5:1).',
    );
    expect(
      (screen.getByRole('button', { name: W.removeSpot(1) }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: W.addSpot }));
    fireEvent.click(screen.getByRole('button', { name: W.removeSpot(3) }));
    expect(screen.queryByRole('group', { name: W.spot(3) })).toBeNull();

    const primaryError =
      'theme.primary #ffcc00 gives white text a contrast of 1.51:1; WCAG AA needs at least 4.5:1. Choose a darker primary colour.';
    answer = (method) =>
      method === 'POST'
        ? Response.json(
            {
              error: {
                code: 'campus_invalid',
                message: primaryError,
                messages: [primaryError, 'A meetup spot’s name is required.'],
                fields: {
                  'theme.primary': primaryError,
                  'spots.1.name': 'A meetup spot’s name is required.',
                },
              },
            },
            { status: 400 },
          )
        : null;
    fireEvent.change(screen.getByLabelText(W.id), { target: { value: 'rice' } });
    fireEvent.change(screen.getByLabelText(W.domains), {
      target: { value: 'rice.edu, alumni.rice.edu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText(M.fixFields);
    const primary = screen.getByLabelText(W.primary);
    expect(primary.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(primary.getAttribute('aria-describedby')!)!.textContent).toBe(
      primaryError,
    );
    const spot2 = screen.getByRole('group', { name: W.spot(2) });
    expect(within(spot2).getByText('A meetup spot’s name is required.')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toBe('/api/admin/campuses');
    expect(sent.body).toMatchObject({
      id: 'rice',
      emailDomains: ['rice.edu', 'alumni.rice.edu'],
      theme: { primary: '#ffcc00' },
      spots: [{ id: '' }, { id: '' }],
    });
  }, 20_000);

  it('retires a campus only after the confirmation', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retire Duke' }));
    const dialog = await screen.findByRole('dialog', { name: M.retireTitle('Duke Buy / Sell') });
    expect(within(dialog).getByText(M.retireBody)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: M.retire }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/admin/campuses/duke/retire'),
    );
  });
});
