import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The one fake of the suite, which otherwise runs against real services: a
 * local HTTP server answering the shapes of the Stripe API calls Quad makes, so
 * the real `stripe` SDK runs against it (configured through STRIPE_API_URL →
 * the SDK's host, port and protocol). Recorded from Stripe's API reference,
 * reduced to the fields Quad reads. It also serves stand-ins for Stripe's
 * hosted pages: onboarding (Submit or Save and exit, back to the return URL)
 * and the Express dashboard.
 */
export interface FakeAccount {
  id: string;
  email: string;
  displayName: string;
  metadata: Record<string, string>;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  details_submitted: boolean;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export interface FakeStripe {
  url: string;
  accounts: Map<string, FakeAccount>;
  calls: RecordedCall[];
  /** Makes every API call answer a Stripe API error until set back to false. */
  failing: boolean;
  /** Sets an account's flags as Stripe's onboarding would. */
  complete(id: string, flags?: Partial<FakeAccount>): void;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(): Promise<FakeStripe> {
  const accounts = new Map<string, FakeAccount>();
  const byIdempotencyKey = new Map<string, string>();
  const calls: RecordedCall[] = [];
  const state = { failing: false };
  let base = '';

  const complete = (id: string, flags: Partial<FakeAccount> = {}) => {
    const account = accounts.get(id);
    if (!account) throw new Error(`no fake account ${id}`);
    Object.assign(account, {
      details_submitted: true,
      payouts_enabled: true,
      charges_enabled: true,
      ...flags,
    });
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const raw = await readBody(req);
    const body = parseBody(req.headers['content-type'], raw);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(value));
    };
    const html = (content: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Stripe (test)</title></head><body>${content}</body></html>`,
      );
    };
    const redirect = (to: string) => {
      res.writeHead(302, { location: to });
      res.end();
    };
    const path = url.pathname;
    const isApi = path.startsWith('/v1/') || path.startsWith('/v2/');
    if (isApi) calls.push({ method: req.method ?? '', path, body, headers: req.headers });
    if (isApi && state.failing) {
      return json(400, {
        error: { type: 'invalid_request_error', message: 'The fake Stripe API is set to fail.' },
      });
    }

    // POST /v2/core/accounts (Accounts v2, JSON)
    if (req.method === 'POST' && path === '/v2/core/accounts') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const known = key ? byIdempotencyKey.get(key) : undefined;
      const b = body as {
        contact_email: string;
        display_name: string;
        metadata?: Record<string, string>;
      };
      const id = known ?? `acct_${randomBytes(8).toString('hex')}`;
      if (!known) {
        accounts.set(id, {
          id,
          email: b.contact_email,
          displayName: b.display_name,
          metadata: b.metadata ?? {},
          payouts_enabled: false,
          charges_enabled: false,
          details_submitted: false,
        });
        if (key) byIdempotencyKey.set(key, id);
      }
      return json(200, {
        id,
        object: 'v2.core.account',
        contact_email: b.contact_email,
        display_name: b.display_name,
        dashboard: 'express',
        created: new Date().toISOString(),
        livemode: false,
        metadata: b.metadata ?? {},
      });
    }

    // POST /v2/core/account_links (JSON)
    if (req.method === 'POST' && path === '/v2/core/account_links') {
      const b = body as {
        account: string;
        use_case: { type: string; account_onboarding: { return_url: string; refresh_url: string } };
      };
      if (!accounts.has(b.account)) return json(404, notFoundError(b.account));
      const link = new URL(`/onboarding/${b.account}`, base);
      link.searchParams.set('return_url', b.use_case.account_onboarding.return_url);
      link.searchParams.set('refresh_url', b.use_case.account_onboarding.refresh_url);
      return json(200, {
        object: 'v2.core.account_link',
        account: b.account,
        created: new Date().toISOString(),
        expires_at: new Date(Date.now() + 300_000).toISOString(),
        livemode: false,
        url: link.toString(),
        use_case: b.use_case,
      });
    }

    // GET /v1/accounts/:id
    const accountPath = /^\/v1\/accounts\/(acct_[a-z0-9]+)$/.exec(path);
    if (req.method === 'GET' && accountPath) {
      const account = accounts.get(accountPath[1]!);
      if (!account) return json(404, notFoundError(accountPath[1]!));
      return json(200, {
        id: account.id,
        object: 'account',
        type: 'express',
        email: account.email,
        payouts_enabled: account.payouts_enabled,
        charges_enabled: account.charges_enabled,
        details_submitted: account.details_submitted,
        metadata: account.metadata,
        created: now(),
      });
    }

    // POST /v1/accounts/:id/login_links
    const loginPath = /^\/v1\/accounts\/(acct_[a-z0-9]+)\/login_links$/.exec(path);
    if (req.method === 'POST' && loginPath) {
      if (!accounts.has(loginPath[1]!)) return json(404, notFoundError(loginPath[1]!));
      return json(200, {
        object: 'login_link',
        created: now(),
        url: new URL(`/express/${loginPath[1]}`, base).toString(),
      });
    }

    // Stand-ins for Stripe's hosted pages.
    const onboarding = /^\/onboarding\/(acct_[a-z0-9]+)(\/submit)?$/.exec(path);
    if (req.method === 'GET' && onboarding && accounts.has(onboarding[1]!)) {
      const back = url.searchParams.get('return_url') ?? '/';
      if (onboarding[2]) {
        complete(onboarding[1]!);
        return redirect(back);
      }
      const submit = new URL(`/onboarding/${onboarding[1]}/submit`, base);
      submit.search = url.search;
      return html(
        `<h1>Set up payouts (test)</h1><p>${escape(accounts.get(onboarding[1]!)!.email)}</p>` +
          `<a href="${escape(submit.toString())}">Submit</a> <a href="${escape(back)}">Save and exit</a>`,
      );
    }
    const express = /^\/express\/(acct_[a-z0-9]+)$/.exec(path);
    if (req.method === 'GET' && express && accounts.has(express[1]!)) {
      return html(`<h1>Earnings (test)</h1><p>${escape(express[1]!)}</p>`);
    }
    json(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path}).`,
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    accounts,
    calls,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    complete,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function notFoundError(id: string) {
  return {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such account: '${id}'`,
    },
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(type: string | undefined, raw: string): unknown {
  if (!raw) return {};
  if (type?.includes('application/json')) return JSON.parse(raw);
  return Object.fromEntries(new URLSearchParams(raw));
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
