import { PAYMENTS_MESSAGES as M } from '@common/schemas/payments';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { addressSequence, api, userWithSession } from '../../../test/auth';
import { paymentsRepository } from './payments.repository';
import { type FakeStripe, startFakeStripe } from '../../../test/stripe-api';

/**
 * Seller payouts (docs/product/profiles-and-payments.md, Payouts) against the
 * local Stripe API (server/test/stripe-api.ts), the suite's one fake, with the
 * real SDK. Webhook bodies are signed by the SDK's own test-header helper.
 */

const WEBHOOK_SECRET = 'whsec_quad_test_secret';
const signer = new Stripe('sk_test_signer_only').webhooks;

let stripe: FakeStripe;
let t: TestContext;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_quad',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type Student = Awaited<ReturnType<typeof userWithSession>>;
const student = (overrides: Parameters<typeof userWithSession>[1] = {}) =>
  userWithSession(t.app, { verified: true, school_verified: true, campus_id: 'ou', ...overrides });
// Each call from a new test address, so the per-IP rate limits stay out of the way.
const nextIp = addressSequence('198.51');
const call = (who: Student | null, method: 'GET' | 'POST', url: string, campus = 'ou') =>
  api(t.app, {
    method,
    url,
    campus,
    remoteAddress: nextIp(),
    ...(who ? { cookie: who.cookie } : {}),
  });

const stored = async (userId: string) => {
  const row = (await paymentsRepository.find(t.db.kysely, userId))!;
  return {
    accountId: row.accountId,
    payouts: row.payoutsEnabled,
    charges: row.chargesEnabled,
    onboarded: row.onboardingComplete,
  };
};

const accountEvent = (account: object, type = 'account.updated') =>
  JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2026-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { object: 'account', ...account } },
  });

const webhook = (payload: string, signature: string | null) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    // Stripe's servers send no Origin and no CSRF header: the signature is the check.
    headers: {
      host: 'ou.localhost:3000',
      'content-type': 'application/json',
      ...(signature !== null ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
const signed = (payload: string, secret = WEBHOOK_SECRET) =>
  webhook(payload, signer.generateTestHeaderString({ payload, secret }));

async function withAccount(): Promise<Student & { accountId: string }> {
  const seller = await student();
  const res = await call(seller, 'POST', '/api/payments/account');
  expect(res.statusCode, res.body).toBe(200);
  return { ...seller, accountId: (await stored(seller.user.id)).accountId! };
}

describe('the payments page states', () => {
  it('no account: "Set Up Payouts"; guests are asked to sign in', async () => {
    const seller = await student();
    const res = await call(seller, 'GET', '/api/payments/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      state: 'none',
      payoutsEnabled: false,
      chargesEnabled: false,
      onboardingComplete: false,
      changed: false,
    });
    expect((await call(null, 'GET', '/api/payments/status')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/payments/account')).statusCode).toBe(401);
  });

  it('Set Up Payouts makes one Express-dashboard account through Accounts v2 and stores it with the flags false', async () => {
    const seller = await student({ first_name: 'Ana', last_name: 'Rivera' });
    // A flag left over from an earlier account is reset with the new id.
    await t.db.kysely
      .updateTable('users')
      .set({ payouts_enabled: true, stripe_onboarding_complete: true })
      .where('id', '=', seller.user.id)
      .execute();
    const res = await call(seller, 'POST', '/api/payments/account');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'onboarding', onboardingComplete: false });
    const row = await stored(seller.user.id);
    expect(row).toMatchObject({ payouts: false, charges: false, onboarded: false });
    const created = stripe.calls.filter(
      (c) =>
        c.path === '/v2/core/accounts' &&
        (c.body as { metadata?: { quad_user_id?: string } }).metadata?.quad_user_id ===
          seller.user.id,
    );
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({
      contact_email: seller.user.email,
      display_name: 'Ana Rivera',
      dashboard: 'express',
      configuration: {
        recipient: { capabilities: { stripe_balance: { stripe_transfers: { requested: true } } } },
      },
    });
    expect(created[0]!.headers.authorization).toBe('Bearer sk_test_quad');
    expect(stripe.accounts.get(row.accountId!)).toBeDefined();

    // A second click keeps the account.
    const again = await call(seller, 'POST', '/api/payments/account');
    expect(again.json()).toMatchObject({ state: 'onboarding' });
    expect((await stored(seller.user.id)).accountId).toBe(row.accountId);
  });

  it('two clicks at once store one account', async () => {
    const seller = await student();
    const results = await Promise.all([
      call(seller, 'POST', '/api/payments/account'),
      call(seller, 'POST', '/api/payments/account'),
      call(seller, 'POST', '/api/payments/account'),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const { accountId } = await stored(seller.user.id);
    const made = [...stripe.accounts.values()].filter(
      (a) => a.metadata.quad_user_id === seller.user.id,
    );
    // The SDK's idempotency key makes the provider answer the same account each time.
    expect(made.map((a) => a.id)).toEqual([accountId]);
  });

  it('needs a verified account', async () => {
    const unverified = await student({ verified: false, school_verified: false });
    const res = await call(unverified, 'POST', '/api/payments/account');
    expect(res.statusCode).toBe(403);
    expect((await stored(unverified.user.id)).accountId).toBeNull();
  });

  it("the onboarding link comes back to this campus site's payments page (an expired one with ?resume=1)", async () => {
    const seller = await student({ campus_id: 'ut' });
    expect(
      (await call(seller, 'POST', '/api/payments/account-link', 'ut')).json().error.message,
    ).toBe(M.noAccount);
    await call(seller, 'POST', '/api/payments/account', 'ut');
    const res = await call(seller, 'POST', '/api/payments/account-link', 'ut');
    expect(res.statusCode, res.body).toBe(200);
    const link = new URL(res.json().url);
    expect(link.origin).toBe(stripe.url);
    expect(link.searchParams.get('return_url')).toBe('http://ut.localhost:3000/settings/payments');
    expect(link.searchParams.get('refresh_url')).toBe(
      'http://ut.localhost:3000/settings/payments?resume=1',
    );
    const { accountId } = await stored(seller.user.id);
    const sent = stripe.calls.findLast((c) => c.path === '/v2/core/account_links')!.body;
    expect(sent).toMatchObject({ account: accountId, use_case: { type: 'account_onboarding' } });
  });

  it('synchronises on load: the provider\'s flags replace differing stored ones ("Payouts Enabled"), once', async () => {
    const seller = await withAccount();
    expect((await call(seller, 'GET', '/api/payments/status')).json()).toMatchObject({
      state: 'onboarding',
      changed: false,
    });
    stripe.complete(seller.accountId, { charges_enabled: false });
    const synced = await call(seller, 'GET', '/api/payments/status');
    expect(synced.json()).toEqual({
      state: 'enabled',
      payoutsEnabled: true,
      chargesEnabled: false,
      onboardingComplete: true,
      changed: true,
    });
    expect(await stored(seller.user.id)).toMatchObject({
      payouts: true,
      charges: false,
      onboarded: true,
    });
    expect((await call(seller, 'GET', '/api/payments/status')).json().changed).toBe(false);
  });

  it('View Earnings: a dashboard login link once onboarding is complete, not before', async () => {
    const seller = await withAccount();
    const early = await call(seller, 'POST', '/api/payments/login-link');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(M.notOnboarded);
    const none = await call(await student(), 'POST', '/api/payments/login-link');
    expect(none.json().error.message).toBe(M.noAccount);

    stripe.complete(seller.accountId);
    await call(seller, 'GET', '/api/payments/status');
    const res = await call(seller, 'POST', '/api/payments/login-link');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toBe(`${stripe.url}/express/${seller.accountId}`);
  });

  it('when the provider fails: "Payouts are unavailable right now." and nothing stored; the page still loads', async () => {
    const seller = await student();
    const withOne = await withAccount();
    stripe.failing = true;
    try {
      const res = await call(seller, 'POST', '/api/payments/account');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: { code: 'payments_unavailable', message: M.unavailable },
      });
      expect((await stored(seller.user.id)).accountId).toBeNull();
      const status = await call(withOne, 'GET', '/api/payments/status');
      expect(status.statusCode).toBe(200);
      expect(status.json()).toMatchObject({ state: 'onboarding', changed: false });
      expect((await call(withOne, 'POST', '/api/payments/account-link')).statusCode).toBe(502);
    } finally {
      stripe.failing = false;
    }
  });
});

describe('the account.updated webhook', () => {
  it("saves the flags of a verified event on the account's student", async () => {
    const seller = await withAccount();
    const res = await signed(
      accountEvent({
        id: seller.accountId,
        payouts_enabled: true,
        charges_enabled: true,
        details_submitted: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await stored(seller.user.id)).toMatchObject({
      payouts: true,
      charges: true,
      onboarded: true,
    });
    // The provider agrees by now: the page finds nothing left to change.
    stripe.complete(seller.accountId);
    expect((await call(seller, 'GET', '/api/payments/status')).json()).toMatchObject({
      state: 'enabled',
      changed: false,
    });
  });

  it('refuses a bad, stale-secret or missing signature and changes nothing', async () => {
    const seller = await withAccount();
    const payload = accountEvent({
      id: seller.accountId,
      payouts_enabled: true,
      charges_enabled: true,
      details_submitted: true,
    });
    const tampered = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    for (const res of [
      await signed(payload, 'whsec_someone_else'),
      await webhook(payload.replace('"payouts_enabled":true', '"payouts_enabled":false'), tampered),
      await webhook(payload, null),
      await webhook(payload, 't=1,v1=00'),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'bad_signature', message: M.badSignature } });
    }
    expect(await stored(seller.user.id)).toMatchObject({ payouts: false, onboarded: false });
  });

  it('acknowledges other events and unknown accounts without changes', async () => {
    const seller = await withAccount();
    const other = await signed(
      accountEvent(
        { id: seller.accountId, payouts_enabled: true, details_submitted: true },
        'account.application.authorized',
      ),
    );
    expect(other.statusCode).toBe(200);
    const unknown = await signed(
      accountEvent({ id: 'acct_nobody', payouts_enabled: true, details_submitted: true }),
    );
    expect(unknown.statusCode).toBe(200);
    expect(await stored(seller.user.id)).toMatchObject({ payouts: false, onboarded: false });
  });
});

describe('a site without payouts (no STRIPE_SECRET_KEY)', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('says so on the page and offers no account, link or webhook', async () => {
    const seller = await userWithSession(plain.app, { verified: true, school_verified: true });
    const send = (method: 'GET' | 'POST', url: string) =>
      api(plain.app, { method, url, cookie: seller.cookie });
    expect((await send('GET', '/api/payments/status')).json()).toMatchObject({
      state: 'not_configured',
    });
    for (const url of [
      '/api/payments/account',
      '/api/payments/account-link',
      '/api/payments/login-link',
    ]) {
      const res = await send('POST', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe(M.notConfiguredTitle);
    }
    const hook = await plain.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });
});
