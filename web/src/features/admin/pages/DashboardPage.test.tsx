import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@common/schemas/dashboard';
import { DASHBOARD_MESSAGES as M } from '@common/words/dashboard';
import { DashboardPage } from './DashboardPage';

/**
 * The operators' dashboard (ADR 055): the totals over the range, and each
 * measure's chart with its heading, its description and a table of the same
 * figures. The server's counting is analytics.dashboard.test.ts's.
 */

/** uPlot draws on a canvas jsdom lacks: the charts it is handed are recorded instead. */
const charts = vi.hoisted(() => [] as { label: string; data: number[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    static tzDate = (d: Date) => d;
    width = 0;
    constructor(opts: { series: { label?: string }[] }, data: number[][]) {
      charts.push({ label: opts.series[1]?.label ?? '', data });
    }
    setSize() {}
    destroy() {}
  },
}));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const dashboard: Dashboard = {
  campus: 'all',
  days: [
    { date: '2026-11-24', activeStudents: 12, listings: 3, sales: 1, messages: 40, reports: 0 },
    { date: '2026-11-25', activeStudents: 20, listings: 5, sales: 0, messages: 1200, reports: 2 },
    { date: '2026-11-26', activeStudents: 8, listings: 0, sales: 2, messages: 15, reports: 1 },
  ],
};

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  charts.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('fetch', async (url: string) => {
    // The campus picker lists the server's campuses, a campus added later (Rice) among them.
    if (url === '/api/admin/campuses')
      return Response.json({
        items: [
          { id: 'duke', name: 'Duke' },
          { id: 'rice', name: 'Rice' },
        ],
      });
    asked.push(url);
    return Response.json(dashboard);
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
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the dashboard page', () => {
  it('shows the totals, a described chart per measure and its figures as a table', async () => {
    open();
    expect(screen.getByLabelText('Loading the dashboard')).toBeTruthy();
    const summary = await screen.findByRole('region', { name: M.summary });
    const total = (name: string) =>
      within(summary).getByText(name).parentElement?.querySelector('dd')?.textContent;
    expect(total(M.measures.activeStudents)).toBe('40');
    expect(total(M.measures.listings)).toBe('8');
    expect(total(M.measures.sales)).toBe('3');
    expect(total(M.measures.messages)).toBe('1,255');
    expect(total(M.measures.reports)).toBe('3');

    const chart = screen.getByRole('img', { name: M.measures.messages });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Messages per day over 3 days: 1255 in all, at most 1200 on 2026-11-25.',
    );
    expect(charts.find((c) => c.label === M.measures.messages)?.data[1]).toEqual([40, 1200, 15]);
    expect(screen.getAllByRole('img')).toHaveLength(5);

    const section = screen.getByRole('region', { name: M.measures.sales });
    const rows = within(within(section).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      `${M.date}${M.count}`,
      '2026-11-241',
      '2026-11-250',
      '2026-11-262',
    ]);
    const toggle = within(section).getByRole('button', { name: M.showTable });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe(M.hideTable);
  });

  it('asks for the campus and range chosen', async () => {
    open();
    await screen.findByRole('region', { name: M.summary });
    expect(asked).toEqual(['/api/admin/dashboard?campus=all&days=30']);
    await screen.findByRole('option', { name: 'Rice' });
    fireEvent.change(screen.getByLabelText(M.campus), { target: { value: 'duke' } });
    fireEvent.change(screen.getByLabelText(M.range), { target: { value: '396' } });
    await waitFor(() => expect(asked.at(-1)).toBe('/api/admin/dashboard?campus=duke&days=396'));
    expect(screen.getByRole('option', { name: M.ranges[396] })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(M.campus), { target: { value: 'rice' } });
    await waitFor(() => expect(asked.at(-1)).toBe('/api/admin/dashboard?campus=rice&days=396'));
  });
});
