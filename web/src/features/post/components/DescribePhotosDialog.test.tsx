import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaDto, PostDto, UpdateListingBody } from '@common/schemas/posts';
import { MEDIA_ALT_MESSAGES as A } from '@common/words/posts';
import { AlertProvider } from '../../../components/ui/Alerts';
import { postKeys } from '../../../lib/post-keys';
import { DescribePhotosDialog } from './DescribePhotosDialog';
import { ListingMenuItems } from './ListingActions';

/**
 * "Describe photos" (ADR 060): the author's menu offers it on a post with
 * photos, listing or not; the dialog shows each photo's thumbnail and the
 * composer's field, and Save sends the descriptions through the edit route,
 * the post changing everywhere it is cached.
 */

const media = (id: string, kind: MediaDto['kind'], alt = ''): MediaDto => ({
  id,
  kind,
  mime: kind === 'image' ? 'image/webp' : 'video/mp4',
  url: `/media/${id}/feed.webp`,
  thumbUrl: `/media/${id}/thumb.webp`,
  width: 600,
  height: 400,
  alt,
  posterUrl: null,
  durationMs: null,
});

function post(extra: Partial<PostDto> = {}): PostDto {
  return {
    id: 'p1',
    campusId: 'ut',
    parentId: null,
    rootId: null,
    depth: 0,
    text: 'Oak desk, two drawers\nPick up by Friday.',
    category: null,
    author: {
      id: 'a1',
      username: 'riley',
      firstName: 'Riley',
      lastInitial: 'S.',
      avatarUrl: null,
      verified: false,
    },
    media: [
      media('m1', 'image', 'Oak desk from the front'),
      media('v1', 'video'),
      media('m2', 'image'),
    ],
    likeCount: 0,
    commentCount: 0,
    liked: false,
    can: {
      edit: true,
      delete: true,
      markSold: false,
      renew: false,
      save: true,
      comment: true,
      message: false,
      report: false,
    },
    price: null,
    obo: false,
    condition: null,
    status: 'available',
    createdAt: 1,
    updatedAt: 1,
    spot: null,
    expiresAt: null,
    bumpedAt: null,
    ...extra,
  };
}

let sent: { url: string; method: string; body: UpdateListingBody }[];
let refuse: string | null;

beforeEach(() => {
  sent = [];
  refuse = null;
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body)) as UpdateListingBody;
    sent.push({ url, method: init.method ?? 'GET', body });
    if (refuse) return Response.json({ error: { code: 'bad', message: refuse } }, { status: 400 });
    const before = post();
    return Response.json({
      ...before,
      media: before.media.map((m) => ({
        ...m,
        alt: body.mediaAlt?.find((a) => a.id === m.id)?.alt ?? m.alt,
      })),
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function client() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queries.setQueryData(postKeys.detail('p1'), { post: post(), parents: [], comments: [] });
  return queries;
}

function describing(queries = client(), onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={queries}>
      <AlertProvider>
        <DescribePhotosDialog post={post()} open onOpenChange={onOpenChange} />
      </AlertProvider>
    </QueryClientProvider>,
  );
  return { queries, onOpenChange };
}

describe('the author menu', () => {
  const menu = (shown: PostDto) =>
    render(
      <QueryClientProvider client={client()}>
        <AlertProvider>
          <Dropdown.Root open>
            <Dropdown.Content>
              <ListingMenuItems
                post={shown}
                onEditPrice={() => undefined}
                onMarkSold={() => undefined}
                onDescribePhotos={() => undefined}
              />
            </Dropdown.Content>
          </Dropdown.Root>
        </AlertProvider>
      </QueryClientProvider>,
    );

  it('offers "Describe photos" on a plain post with photos', () => {
    menu(post());
    expect(screen.getByRole('menuitem', { name: 'Describe photos' })).toBeTruthy();
  });

  it('offers it on a listing with photos', () => {
    menu(post({ price: 40 }));
    expect(screen.getByRole('menuitem', { name: 'Describe photos' })).toBeTruthy();
  });

  it('does not offer it when the post has only a video, or nothing', () => {
    menu(post({ media: [media('v1', 'video')] }));
    expect(screen.queryByRole('menuitem', { name: 'Describe photos' })).toBeNull();
    cleanup();
    menu(post({ media: [] }));
    expect(screen.queryByRole('menuitem', { name: 'Describe photos' })).toBeNull();
  });
});

describe('the "Describe photos" dialog', () => {
  it("shows each photo's thumbnail and field with its description, counter and suggestion", () => {
    describing();
    const dialog = screen.getByRole('dialog', { name: 'Describe photos' });
    // Two photos: the video is not counted.
    const first = screen.getByRole('textbox', { name: 'Describe photo 1 of 2' });
    const second = screen.getByRole('textbox', { name: 'Describe photo 2 of 2' });
    expect((first as HTMLInputElement).value).toBe('Oak desk from the front');
    expect((second as HTMLInputElement).value).toBe('');
    expect(second.getAttribute('placeholder')).toBe('Oak desk, two drawers');
    expect(screen.getByText('23 / 250')).toBeTruthy();
    expect(screen.getByText('0 / 250')).toBeTruthy();
    expect(screen.getAllByText(A.altHint)).toHaveLength(2);
    const thumbs = [...dialog.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(thumbs).toEqual(['/media/m1/thumb.webp', '/media/m2/thumb.webp']);
  });

  it("saves every photo's description through the edit and updates the cached post", async () => {
    const { queries, onOpenChange } = describing();
    fireEvent.change(screen.getByRole('textbox', { name: 'Describe photo 2 of 2' }), {
      target: { value: '  Its two drawers, open ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Photo descriptions saved.');
    expect(sent).toEqual([
      {
        url: '/api/posts/p1',
        method: 'PATCH',
        body: {
          mediaAlt: [
            { id: 'm1', alt: 'Oak desk from the front' },
            { id: 'm2', alt: 'Its two drawers, open' },
          ],
        },
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const cached = queries.getQueryData<{ post: PostDto }>(postKeys.detail('p1'));
    expect(cached?.post.media.map((m) => m.alt)).toEqual([
      'Oak desk from the front',
      '',
      'Its two drawers, open',
    ]);
  });

  it('refuses an over-long description without sending it, and keeps what was written', async () => {
    const { onOpenChange } = describing();
    const field = screen.getByRole('textbox', { name: 'Describe photo 1 of 2' });
    fireEvent.change(field, { target: { value: 'x'.repeat(251) } });
    expect(screen.getByText('251 / 250')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Photo descriptions can be up to 250 characters.',
    );
    expect(sent).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect((field as HTMLInputElement).value).toBe('x'.repeat(251));
  });

  it("shows the server's refusal and stays open", async () => {
    refuse = 'Text cannot contain control characters.';
    const { onOpenChange } = describing();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Text cannot contain control characters.');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
