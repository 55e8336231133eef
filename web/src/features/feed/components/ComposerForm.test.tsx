import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPUSES } from '@common/campuses';
import { MESSAGES } from '@common/messages';
import type { CampusDto } from '@common/schemas/campus';
import type { CreatePostBody, MediaDto } from '@common/schemas/posts';
import { AlertProvider } from '../../../components/ui/Alerts';
import { CampusProvider } from '../../../lib/campus';
import { CreatePostPage } from '../pages/CreatePostPage';
import type * as PostsApiModule from '../../../lib/posts-api';

type PostsApi = typeof PostsApiModule;

/**
 * The composer's photo descriptions (ADR 060): a field per photo with its
 * "n / 250" counter and the post's first line as its suggestion; what is
 * written goes with the post, and an over-long one is refused before upload.
 */

const uploaded: string[] = [];
const created: CreatePostBody[] = [];
vi.mock('../../../lib/posts-api', async (original) => ({
  ...(await original<PostsApi>()),
  uploadFile: vi.fn(async (file: File): Promise<MediaDto> => {
    uploaded.push(file.name);
    return {
      id: `id-${file.name}`,
      kind: 'image',
      mime: 'image/webp',
      url: '/u.webp',
      thumbUrl: '/t.webp',
      width: 1,
      height: 1,
      alt: '',
      posterUrl: null,
      durationMs: null,
    };
  }),
  createPost: vi.fn(async (body: CreatePostBody) => {
    created.push(body);
    return { id: 'p1', media: [], text: body.text };
  }),
  prependToFeeds: vi.fn(),
  rememberOwnPost: vi.fn(),
}));

beforeEach(() => {
  uploaded.length = 0;
  created.length = 0;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('fetch', async () => Response.json({}));
  URL.createObjectURL = () => `blob:${Math.random()}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function compose() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], { viewer: null, google: false });
  render(
    <QueryClientProvider client={client}>
      <CampusProvider campus={CAMPUSES.ut as unknown as CampusDto}>
        <AlertProvider>
          <MemoryRouter initialEntries={['/create/post?goBack=%2Fhome']}>
            <Routes>
              <Route path="/create/post" element={<CreatePostPage />} />
              <Route path="*" element={<p>Home</p>} />
            </Routes>
          </MemoryRouter>
        </AlertProvider>
      </CampusProvider>
    </QueryClientProvider>,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, {
    target: {
      files: [
        new File(['a'], 'desk.jpg', { type: 'image/jpeg' }),
        new File(['b'], 'drawer.png', { type: 'image/png' }),
      ],
    },
  });
  fireEvent.change(screen.getByPlaceholderText('What are you selling?'), {
    target: { value: 'Walnut desk, $60\nPick up at Jester' },
  });
}

const field = (n: number) => screen.getByLabelText(`Describe photo ${n} of 2`) as HTMLInputElement;

describe("the composer's photo descriptions", () => {
  it('has a field per photo, suggesting the first line, with its counter', () => {
    compose();
    expect(field(1).placeholder).toBe('Walnut desk, $60');
    expect(field(2).placeholder).toBe('Walnut desk, $60');
    expect(screen.getAllByText('0 / 250')).toHaveLength(2);
    fireEvent.change(field(1), { target: { value: 'Desk 📷' } });
    // Characters as a reader sees them: the emoji is one.
    expect(screen.getByText('6 / 250')).toBeTruthy();
    expect(field(1).getAttribute('aria-describedby')).toContain(screen.getByText('6 / 250').id);
  });

  it('stops typing at 250 characters', () => {
    compose();
    fireEvent.change(field(1), { target: { value: 'a'.repeat(250) } });
    fireEvent.change(field(1), { target: { value: 'a'.repeat(251) } });
    expect(field(1).value).toHaveLength(250);
    expect(screen.getByText('250 / 250')).toBeTruthy();
  });

  it('refuses a longer paste on Post, before anything is uploaded', async () => {
    compose();
    fireEvent.change(field(2), { target: { value: 'b'.repeat(300) } });
    expect(screen.getByText('300 / 250')).toBeTruthy();
    expect(field(2).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.posts.post }));
    expect(
      (await screen.findAllByText('Photo descriptions can be up to 250 characters.')).length,
    ).toBeGreaterThan(0);
    expect(uploaded).toEqual([]);
  });

  it('sends what was written with the post, and nothing for an empty field', async () => {
    compose();
    fireEvent.change(field(2), { target: { value: '  Inside of the top drawer ' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.posts.post }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(uploaded).toEqual(['desk.jpg', 'drawer.png']);
    expect(created[0]).toMatchObject({
      mediaIds: ['id-desk.jpg', 'id-drawer.png'],
      mediaAlt: [{ id: 'id-drawer.png', alt: '  Inside of the top drawer ' }],
    });
  });
});
