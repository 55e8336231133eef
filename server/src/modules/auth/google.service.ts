import { type Campus, GENERIC_CAMPUS_ID, mailboxOf } from '@common/campuses';
import { type AUTH_MESSAGES } from '@common/messages';
import { normalizeEmail, parseName } from '@common/text';
import { HttpError } from '../../core/errors';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import type { OidcProvider } from '../../platform/oauth/google';
import { usersRepository } from '../users/users.repository';
import { createAccount, moderationRefusal } from './auth.service';
import { authRepository } from './auth.repository';
import { hashSecret } from './secrets';
import { type AnalyticsRecorder, noAnalytics } from '../analytics/analytics.service';

const STATE_MS = 10 * 60 * 1000;

/** Which Google message the login page shows (`/login?google_error=…`). */
export type GoogleErrorKey = keyof typeof AUTH_MESSAGES.google | 'banned';

export type GoogleOutcome =
  { ok: true; user: UserRow; redirectTo: string } | { ok: false; error: GoogleErrorKey };

/** Google sign-in and sign-up: what the auth routes call. */
export interface GoogleSignIn {
  /** The provider's authorization URL; the pending state is kept server-side for any server to finish. */
  start(campus: Campus, redirectUri: string): Promise<string>;
  /**
   * Google's callback: signs in the account of the Google address, or creates
   * it (verified); a banned or suspended account is refused with its message.
   */
  finish(campus: Campus, callbackUrl: URL): Promise<GoogleOutcome>;
}

/** Builds Google sign-in over the provider; a banned address never enters. */
export function createGoogleSignIn({
  db,
  provider,
  banned,
  analytics = noAnalytics,
  now = Date.now,
}: {
  db: Db;
  provider: OidcProvider;
  banned: ReadonlySet<string>;
  analytics?: AnalyticsRecorder;
  now?: () => number;
}): GoogleSignIn {
  return {
    async start(campus: Campus, redirectUri: string): Promise<string> {
      const begun = await provider.start(redirectUri);
      const at = now();
      await authRepository.insertOauthState(db.kysely, {
        id: hashSecret(begun.state),
        code_verifier: begun.codeVerifier,
        nonce: begun.nonce,
        campus_id: campus.id,
        created_at: at,
        expires_at: at + STATE_MS,
      });
      return begun.url;
    },

    async finish(campus: Campus, callbackUrl: URL): Promise<GoogleOutcome> {
      const params = callbackUrl.searchParams;
      const state = params.get('state');
      // Taken (and so deleted) whatever the answer: a cancelled sign-in leaves nothing behind.
      const pending = state
        ? await authRepository.takeOauthState(db.kysely, hashSecret(state), now())
        : undefined;
      if (params.get('error'))
        return {
          ok: false,
          error: params.get('error') === 'access_denied' ? 'canceled' : 'unknown',
        };
      if (!state || !pending || pending.campus_id !== campus.id)
        return { ok: false, error: 'invalidCredential' };

      let claims;
      try {
        claims = await provider.finish(callbackUrl, {
          state,
          codeVerifier: pending.code_verifier,
          nonce: pending.nonce,
        });
      } catch (error) {
        const network =
          (error as { code?: string; cause?: { code?: string } }).cause?.code ??
          (error as { code?: string }).code;
        return {
          ok: false,
          error:
            network === 'ECONNREFUSED' || network === 'ENOTFOUND' ? 'network' : 'invalidCredential',
        };
      }
      if (!claims.emailVerified) return { ok: false, error: 'notFound' };
      const email = normalizeEmail(claims.email);
      if (banned.has(mailboxOf(email))) return { ok: false, error: 'banned' };

      try {
        const at = now();
        let registered = false;
        const user = await db.kysely.transaction().execute(async (trx) => {
          const bySub = await usersRepository.findByGoogleSub(trx, claims.sub);
          if (bySub) return bySub;
          const byEmail = await usersRepository.findByEmail(trx, email);
          if (byEmail) {
            // An account with this e-mail exists: Google proved the address, so sign in and link.
            await usersRepository.update(trx, byEmail.id, {
              google_sub: claims.sub,
              verified: true,
              updated_at: at,
            });
            return (await usersRepository.findById(trx, byEmail.id))!;
          }
          const parsed = parseName(claims.name ?? '');
          registered = true;
          return createAccount(
            trx,
            {
              email,
              firstName: claims.givenName?.trim() || parsed.firstName,
              lastName: claims.familyName?.trim() || parsed.lastName,
              campusId: campus.id,
              passwordHash: null,
              verified: true,
              googleSub: claims.sub,
            },
            at,
          );
        });
        // A moderator's ban in the ban's own words; a suspension as Google's "disabled" (ADR 025).
        const refusal = moderationRefusal(user, at);
        if (refusal) return { ok: false, error: refusal.code === 'banned' ? 'banned' : 'disabled' };
        analytics.record(user, registered ? 'Complete Registration' : 'Login', {
          method: 'google',
        });
        const redirectTo = !user.verified
          ? '/verify'
          : campus.id === GENERIC_CAMPUS_ID
            ? '/search_schools'
            : '/home';
        return { ok: true, user, redirectTo };
      } catch (error) {
        // A new account for the mailbox of a banned one (ADR 040).
        if (error instanceof HttpError && error.code === 'banned')
          return { ok: false, error: 'banned' };
        return { ok: false, error: 'database' };
      }
    },
  };
}
