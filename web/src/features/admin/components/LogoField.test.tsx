import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminCampus,
  CAMPUS_FORM_WORDS as W,
  CAMPUS_LOGO_MESSAGES as L,
  MAX_CAMPUS_LOGO_BYTES,
} from '@common/schemas/admin-campuses';
import { LogoField } from './LogoField';

/**
 * The campus form's Logo field (ADR 064): the current logo or the monogram,
 * an upload with its progress, removing, and the server's refusals beside it.
 */

const campus = (over: Partial<AdminCampus> = {}): AdminCampus => ({
  id: 'rice',
  name: 'Rice',
  productName: 'Rice Buy / Sell',
  schoolName: 'Rice University',
  city: 'Houston, Texas',
  state: 'TX',
  emailDomains: ['rice.edu'],
  theme: { primary: '#00205b', onPrimary: '#ffffff', accent: '#7c7e7f' },
  instagram: 'ricebuysell',
  supportEmail: 'rice@quadcampus.app',
  privacy: 'private',
  url: 'http://rice.localhost',
  status: 'active',
  isDefault: false,
  rankedFeed: false,
  logoMediaId: null,
  ...over,
});
const WITH_LOGO = {
  logoMediaId: '0192a3b4-c5d6-7e8f-9a0b-1c2d3e4f5a6b',
  logoUrl: '/campus-logos/rice/0192a3b4-c5d6-7e8f-9a0b-1c2d3e4f5a6b.png',
};

/** The uploads sent; the test says how far the last got and how it ends. */
const sent: FakeXhr[] = [];
const last = () => sent.at(-1);
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    sent.push(this);
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded });
  }
  finish(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

const fetches: { method: string; url: string }[] = [];
let fetchAnswer: () => Response;
beforeEach(() => {
  sent.length = 0;
  fetches.length = 0;
  fetchAnswer = () => Response.json(campus());
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    fetches.push({ method: init.method ?? 'GET', url });
    return fetchAnswer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(c: AdminCampus) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LogoField campus={c} />
    </QueryClientProvider>,
  );
}

const preview = () => screen.getByRole('img', { name: 'Rice logo' }) as HTMLImageElement;
const fileInput = () => screen.getByLabelText(W.uploadLogo) as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const png = (bytes = 1000) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

describe('the Logo field', () => {
  it('shows the monogram without a logo, with the hint and no Remove', () => {
    show(campus());
    expect(screen.getByRole('group', { name: W.logo })).toBeTruthy();
    expect(preview().src).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(W.logoHint)).toBeTruthy();
    expect(screen.getByRole('button', { name: W.uploadLogo })).toBeTruthy();
    expect(screen.queryByRole('button', { name: W.removeLogo })).toBeNull();
    expect(fileInput().accept).toBe('image/png,image/jpeg,image/webp');
  });

  it('uploads a file with its progress, then shows the new logo', async () => {
    show(campus());
    choose(png(2000));
    expect(sent).toHaveLength(1);
    const xhr = last();
    expect(xhr!.method).toBe('PUT');
    expect(xhr!.url).toBe('/api/admin/campuses/rice/logo');
    expect(xhr!.headers['x-quad-csrf']).toBe('1');
    expect((xhr!.body!.get('file') as File).name).toBe('logo.png');
    act(() => xhr!.progress(1000));
    const busy = screen.getByRole('button', {
      name: `${W.uploadingLogo} 50%`,
    }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    act(() => xhr!.finish(200, campus(WITH_LOGO)));
    await screen.findByText(W.logoSaved);
    expect(preview().getAttribute('src')).toBe(WITH_LOGO.logoUrl);
    expect(screen.getByRole('button', { name: W.replaceLogo })).toBeTruthy();
    expect(screen.getByRole('button', { name: W.removeLogo })).toBeTruthy();
  });

  it('shows the server’s refusal beside the field and keeps the logo shown', async () => {
    show(campus());
    choose(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    act(() => last()!.finish(400, { error: { code: 'logo_svg', message: L.svg } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(L.svg);
    expect(fileInput().getAttribute('aria-describedby')).toBe(alert.id);
    expect(preview().src).toMatch(/^data:image\/svg\+xml/);
    expect((screen.getByRole('button', { name: W.uploadLogo }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('refuses a file over 2 MB before sending it, in the server’s words', () => {
    show(campus());
    choose(png(MAX_CAMPUS_LOGO_BYTES + 1));
    expect(sent).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(L.tooLarge);
  });

  it('removes the logo: back to the monogram', async () => {
    show(campus(WITH_LOGO));
    expect(preview().getAttribute('src')).toBe(WITH_LOGO.logoUrl);
    fireEvent.click(screen.getByRole('button', { name: W.removeLogo }));
    await screen.findByText(W.logoRemoved);
    expect(fetches).toContainEqual({ method: 'DELETE', url: '/api/admin/campuses/rice/logo' });
    await waitFor(() => expect(preview().src).toMatch(/^data:image\/svg\+xml/));
    expect(screen.queryByRole('button', { name: W.removeLogo })).toBeNull();
  });
});
