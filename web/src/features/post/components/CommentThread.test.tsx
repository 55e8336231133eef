import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LISTING_MESSAGES } from '@common/listings';
import { MESSAGES } from '@common/messages';
import type { CommentNode, PostCan, PostDto } from '@common/schemas/posts';
import { GateContext } from '../../../components/gates/gate-context';
import { AlertProvider } from '../../../components/ui/Alerts';
import { ListingLine } from '../../../components/posts/PostParts';
import { CommentThread } from './CommentThread';

/**
 * A comment offers Delete, and an expired listing Renew, when what the
 * server sent says the viewer may (`can`, ADR 044), whoever the viewer is:
 * the web compares no ids. The rules themselves are the post policy's
 * (policies.test.ts, authorization-matrix.can.test.ts).
 */

const NOTHING: PostCan = {
  edit: false,
  delete: false,
  markSold: false,
  renew: false,
  save: false,
  comment: false,
  message: false,
  report: false,
};

function post(id: string, can: Partial<PostCan>, extra: Partial<PostDto> = {}): PostDto {
  return {
    id,
    campusId: 'ou',
    parentId: 'root',
    rootId: 'root',
    depth: 1,
    text: `Comment ${id}`,
    category: null,
    author: {
      id: 'someone',
      username: 'someone',
      firstName: 'Sam',
      lastInitial: 'O.',
      avatarUrl: null,
      verified: true,
    },
    media: [],
    likeCount: 0,
    commentCount: 0,
    liked: false,
    can: { ...NOTHING, ...can },
    price: null,
    obo: false,
    condition: null,
    status: 'available',
    createdAt: Date.now() - 60_000,
    updatedAt: Date.now() - 60_000,
    spot: null,
    expiresAt: null,
    bumpedAt: null,
    ...extra,
  };
}

const node = (p: PostDto, replies: CommentNode[] = []): CommentNode => ({ ...p, replies });

function shown(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The viewer is not the author of anything below: only `can` may offer an action.
  client.setQueryData(['me'], { viewer: null, google: false });
  const gates = { openAuthPrompt: vi.fn(), openSchoolPrompt: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <GateContext.Provider value={gates}>
        <AlertProvider>
          <MemoryRouter>{children}</MemoryRouter>
        </AlertProvider>
      </GateContext.Provider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('actions from can', () => {
  it('offers Delete on the comments, at any depth, whose can.delete is true, and on no other', () => {
    const comments = [
      node(post('c1', { delete: true }), [
        node(post('c2', {}), [node(post('c3', { delete: true }))]),
      ]),
      node(post('c4', { report: true, comment: true })),
    ];
    shown(<CommentThread comments={comments} rootId="root" onDelete={() => undefined} />);
    const offered = screen
      .getAllByRole('article', { name: 'Comment by Sam O.' })
      .filter((article) => within(article).queryByRole('button', { name: MESSAGES.posts.delete }))
      .map((article) => within(article).getByText(/^Comment c/).textContent);
    expect(offered).toEqual(['Comment c1', 'Comment c3']);
    expect(screen.getAllByRole('button', { name: MESSAGES.posts.reply })).toHaveLength(4);
  });

  it('offers Renew on an expired listing only when its can.renew is true', () => {
    const expired = {
      parentId: null,
      rootId: null,
      depth: 0,
      price: 40,
      expiresAt: Date.now() - 1,
    };
    shown(<ListingLine post={post('mine', { renew: true }, expired)} />);
    expect(screen.getByText(LISTING_MESSAGES.expired)).toBeTruthy();
    expect(screen.getByRole('button', { name: LISTING_MESSAGES.renew })).toBeTruthy();
    cleanup();
    shown(<ListingLine post={post('theirs', {}, expired)} />);
    expect(screen.getByText(LISTING_MESSAGES.expired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: LISTING_MESSAGES.renew })).toBeNull();
  });
});
