import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeetupCan, MeetupDto } from '@common/schemas/meetups';
import { MEETUP_MESSAGES as M } from '@common/words/meetups';
import { AlertProvider } from '../../../components/ui/Alerts';
import { MeetupCard } from './MeetupCard';

/**
 * A meetup card offers Accept, Decline and Cancel as the meetup's `can` says
 * (ADR 044), not by comparing the viewer with its proposer; the rules are
 * the meetup policy's (policies.test.ts, authorization-matrix.can.test.ts).
 */

const meetup = (can: Partial<MeetupCan>, at = Date.now() + 86_400_000): MeetupDto => ({
  id: 'm1',
  spot: { id: 'oupd-lobby', name: 'OU Police Department lobby' },
  at,
  status: 'proposed',
  proposerId: 'someone',
  can: { accept: false, decline: false, cancel: false, ...can },
});

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    asked.push(`${init.method ?? 'GET'} ${url}`);
    return Response.json({ ...meetup({}), status: 'cancelled' });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function shown(m: MeetupDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AlertProvider>
        <MeetupCard meetup={m} chatId="c1" messageId="msg1" />
      </AlertProvider>
    </QueryClientProvider>,
  );
}

const button = (name: string) => screen.queryByRole('button', { name });

describe('a meetup card', () => {
  it('offers Accept and Decline when the meetup says the viewer may answer it', () => {
    shown(meetup({ accept: true, decline: true }));
    expect(button(M.accept)).toBeTruthy();
    expect(button(M.decline)).toBeTruthy();
    expect(button(M.cancel)).toBeNull();
  });

  it('offers Cancel when the meetup says the viewer may cancel it, and sends it', async () => {
    shown(meetup({ cancel: true }));
    expect(button(M.accept)).toBeNull();
    fireEvent.click(button(M.cancel)!);
    await waitFor(() => expect(asked).toEqual(['POST /api/meetups/m1/cancel']));
  });

  it('offers nothing when the meetup says nothing, or once its time has gone by', () => {
    shown(meetup({}));
    expect(screen.queryAllByRole('button')).toEqual([]);
    cleanup();
    shown(meetup({ accept: true, decline: true }, Date.now() - 1000));
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
