import type { Db } from '../../db/kysely';
import type { AuthTokensTable, Executor } from '../../db/schema';
import { authRepository } from './auth.repository';
import { hashSecret, newSecret } from './secrets';

/** What an e-mailed account link does when opened (ADR 036). */
export type AccountLinkPurpose = 'email_change_approve' | 'email_undo';

/**
 * E-mailed links that act on an account without a session, kept like the
 * magic and reset links: a random secret in the link, only its hash stored,
 * single use, with a lifetime (ADR 036).
 */
export interface AccountLinks {
  /** A new link's secret, its row written in the caller's transaction. */
  issue(
    trx: Executor,
    link: {
      purpose: AccountLinkPurpose;
      userId: string;
      email: string;
      campusId: string;
      lifetimeMs: number;
    },
  ): Promise<string>;
  /** The link's row while it is unused and unexpired; undefined otherwise. */
  find(token: string, purpose: AccountLinkPurpose): Promise<AuthTokensTable | undefined>;
  /** Uses the link; false when another request used it first. */
  use(trx: Executor, row: AuthTokensTable): Promise<boolean>;
  /** Whether an undo link holds the address for another account than `exceptUserId`. */
  held(executor: Executor, email: string, exceptUserId?: string): Promise<boolean>;
  /**
   * Voids what was sent to an address the account no longer has: sign-in
   * and reset links, pending approvals, and undo links made after `after`;
   * and the wrong passwords counted while it was not the owner's.
   */
  voidAfterUndo(trx: Executor, userId: string, after: number): Promise<void>;
}

/** Builds the AccountLinks. */
export function createAccountLinks({
  db,
  now = Date.now,
}: {
  db: Db;
  now?: () => number;
}): AccountLinks {
  return {
    async issue(
      trx: Executor,
      link: {
        purpose: AccountLinkPurpose;
        userId: string;
        email: string;
        campusId: string;
        lifetimeMs: number;
      },
    ): Promise<string> {
      const token = newSecret();
      const at = now();
      await authRepository.insertToken(trx, {
        id: hashSecret(token),
        purpose: link.purpose,
        email: link.email,
        user_id: link.userId,
        first_name: null,
        last_name: null,
        campus_id: link.campusId,
        created_at: at,
        expires_at: at + link.lifetimeMs,
        used_at: null,
      });
      return token;
    },

    async find(token: string, purpose: AccountLinkPurpose): Promise<AuthTokensTable | undefined> {
      const row = await authRepository.findToken(db.kysely, hashSecret(token), purpose);
      return row && row.used_at === null && row.expires_at > now() && row.user_id !== null
        ? row
        : undefined;
    },

    use(trx: Executor, row: AuthTokensTable): Promise<boolean> {
      return authRepository.useToken(trx, row.id, now());
    },

    held(executor: Executor, email: string, exceptUserId?: string): Promise<boolean> {
      return authRepository.addressHeld(executor, email, now(), exceptUserId);
    },

    async voidAfterUndo(trx: Executor, userId: string, after: number): Promise<void> {
      const at = now();
      await authRepository.clearLoginFailures(trx, userId);
      await authRepository.voidTokens(trx, userId, ['magic', 'reset', 'email_change_approve'], at);
      await authRepository.voidTokens(trx, userId, ['email_undo'], at, after);
    },
  };
}
