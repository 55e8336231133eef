import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatDto, MessageDto } from '@common/schemas/chats';
import { OFFER_MESSAGES as M, type OfferCan, type OfferDto } from '@common/schemas/offers';
import { AlertProvider } from '../../../components/ui/Alerts';
import { chatKeys } from '../../../lib/chat-keys';
import { ChatRow } from './ChatList';
import { ListingPin } from './ListingPin';
import { MessageBubble } from './MessageBubble';
import { OfferCard } from './OfferCard';
import { amountProblem } from './OfferDialog';

/**
 * The pinned listing, its openers and the offer card (ADR 051): what shows
 * follows the chat's and the offer's `can` and `prompts`, as the server said.
 */

const listing = {
  id: 'p1',
  title: 'Walnut desk',
  price: 40,
  obo: false,
  priceLabel: '$40',
  status: 'available' as const,
  sellerId: 'seller',
  imageUrl: null,
};

const chat = (over: Partial<ChatDto> = {}): ChatDto => ({
  id: 'c1',
  other: {
    id: 'seller',
    username: 'sam',
    firstName: 'Sam',
    lastInitial: 'L.',
    avatarUrl: null,
    verified: true,
  },
  can: { send: true, proposeMeetup: true, makeOffer: true },
  listing,
  prompts: 'buyer',
  lastMessage: null,
  lastMessageId: null,
  unread: false,
  seen: true,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

const offer = (can: Partial<OfferCan>, over: Partial<OfferDto> = {}): OfferDto => ({
  id: 'o1',
  listingId: 'p1',
  buyerId: 'buyer',
  sellerId: 'seller',
  fromId: 'buyer',
  amount: 30,
  note: null,
  status: 'open',
  counterOf: null,
  expiresAt: Date.now() + 3_600_000,
  can: { accept: false, decline: false, counter: false, withdraw: false, ...can },
  ...over,
});

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    asked.push(`${init.method ?? 'GET'} ${url}`);
    return Response.json({ ...offer({}), status: 'withdrawn' });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function shown(node: ReactNode, c: ChatDto = chat()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(chatKeys.detail(c.id), c);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AlertProvider>{node}</AlertProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a chat about a listing in the inbox', () => {
  it('says which listing before the last message, with its photo', () => {
    const about = { ...listing, imageUrl: '/media/desk-thumb.webp' };
    shown(
      <ChatRow chat={chat({ listing: about, lastMessage: 'Is it still there?' })} open={false} />,
    );
    const row = screen.getByRole('link', { name: /Sam L\./ });
    expect(row.textContent).toContain('Walnut desk · Is it still there?');
    expect(row.querySelector('img[src="/media/desk-thumb.webp"]')).not.toBeNull();
    cleanup();
    shown(<ChatRow chat={chat({ listing: null, lastMessage: 'Hi' })} open={false} />);
    expect(screen.getByRole('link', { name: /Sam L\./ }).textContent).not.toContain('Walnut');
  });
});

describe('the pinned listing', () => {
  it('shows the title, price and a link to the listing, with the buyer’s openers', () => {
    const sent: string[] = [];
    shown(<ListingPin chat={chat()} onSend={(text) => sent.push(text)} />);
    const link = screen.getByRole('link', { name: /Walnut desk\s*\$40/ });
    expect(link.getAttribute('href')).toBe('/post/p1');
    fireEvent.click(screen.getByRole('button', { name: M.openerAvailable }));
    expect(sent).toEqual([M.openerAvailable]);
    expect(screen.getByRole('button', { name: M.openerBuy })).toBeTruthy();
    expect(screen.getByRole('button', { name: M.makeOffer })).toBeTruthy();
  });

  it('opens the offer dialog from "Can you do $…?", prefilled with the price', async () => {
    shown(<ListingPin chat={chat()} onSend={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: M.openerOffer }));
    const amount = await screen.findByLabelText(M.amount);
    expect((amount as HTMLInputElement).value).toBe('40');
  });

  it('gives the seller quick replies, no offer button, and shows Pending', () => {
    const c = chat({
      prompts: 'seller',
      can: { send: true, proposeMeetup: true, makeOffer: false },
      listing: { ...listing, status: 'pending' },
    });
    shown(<ListingPin chat={c} onSend={() => undefined} />, c);
    expect(screen.getByRole('button', { name: M.replyAvailable })).toBeTruthy();
    expect(screen.getByRole('button', { name: M.replySold })).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.makeOffer })).toBeNull();
    expect(screen.queryByRole('button', { name: M.openerOffer })).toBeNull();
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it('shows nothing once the listing is gone', () => {
    const c = chat({ listing: null, prompts: null });
    shown(<ListingPin chat={c} onSend={() => undefined} />, c);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('an offer card', () => {
  it('offers the seller Accept, Decline and Counter, and nothing else', () => {
    shown(
      <OfferCard
        offer={offer({ accept: true, decline: true, counter: true })}
        chatId="c1"
        messageId="m1"
      />,
    );
    expect(screen.getByText('Offer: $30')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    for (const name of [M.accept, M.decline, M.counter])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.withdraw })).toBeNull();
  });

  it('lets the buyer withdraw theirs', async () => {
    shown(<OfferCard offer={offer({ withdraw: true })} chatId="c1" messageId="m1" />);
    expect(screen.queryByRole('button', { name: M.accept })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: M.withdraw }));
    await waitFor(() => expect(asked).toContain('POST /api/offers/o1/withdraw'));
  });

  it('suggests a meetup once accepted', () => {
    shown(<OfferCard offer={offer({}, { status: 'accepted' })} chatId="c1" messageId="m1" />);
    expect(screen.getByText('Accepted')).toBeTruthy();
    expect(screen.getByRole('button', { name: M.suggestMeetup })).toBeTruthy();
  });
});

describe('the amount', () => {
  it('is whole dollars, at least $1, at most the price unless OBO', () => {
    expect(amountProblem('30', listing)).toBeNull();
    expect(amountProblem('0', listing)).toBe(M.atLeastOne);
    expect(amountProblem('12.5', listing)).toBe(M.wholeDollars);
    expect(amountProblem('41', listing)).toBe('Offer at most the asking price ($40).');
    expect(amountProblem('41', { ...listing, obo: true })).toBeNull();
  });
});

describe('a message of the chat', () => {
  const message = (over: Partial<MessageDto> = {}): MessageDto => ({
    id: 'm1',
    chatId: 'c1',
    senderId: 'seller',
    text: 'Yes, still here',
    sharedPost: null,
    media: [],
    hearts: 0,
    hearted: false,
    warnings: [],
    meetup: null,
    offer: null,
    about: listing,
    can: { heart: true, report: true },
    createdAt: Date.now(),
    ...over,
  });

  it('marks where the chat turned to a listing, and can be reported when it is theirs', () => {
    shown(<MessageBubble message={message()} mine={false} senderName="Sam" onHeart={() => {}} />);
    expect(screen.getByText('About: Walnut desk · $40')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Report this message' }));
    expect(screen.getByRole('dialog', { name: 'Report this message?' })).toBeTruthy();
  });

  it('has no Report on my own message', () => {
    shown(
      <MessageBubble
        message={message({ senderId: 'buyer', about: null, can: { heart: true, report: false } })}
        mine
        senderName="Sam"
        onHeart={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Report this message' })).toBeNull();
  });
});
