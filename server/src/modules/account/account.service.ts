import type { Viewer } from '@common/schemas/auth';
import { ACCOUNT_MESSAGES as M, type AccountBody } from '@common/schemas/account';
import { badRequest, conflict } from '../../core/errors';
import { requireSignedIn } from '../../core/policies/roles';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import type { BlobStore } from '../../platform/storage/blob-store';
import { presentViewer } from '../users/users.presenter';
import { setEveryEmail } from '../notifications/notifications.service';
import { accountRepository as account } from './account.repository';
import { createAccountDeletion } from './account.deletion';
import type { LeavingPort, PasswordPort } from './account.ports';
import { birthDateColumns, normalisePhone } from './account.rules';

/** How long a username given up still leads to its student. */
export const OLD_USERNAME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AccountServiceDeps {
  db: Db;
  storage: BlobStore;
  passwords: PasswordPort;
  leaving: LeavingPort;
  /** Pages showing the student's name are dropped when it changes (the posts cache). */
  changed: (campusId: string) => void;
  now?: () => number;
  log?: (error: unknown) => void;
}

/** Account settings: deletion, username, password and the settings form. */
export interface AccountService {
  /**
   * Deletes the account with the password (none asked of an account without
   * one): the student's posts and the replies below them, comments, saves,
   * chats, notifications, searches, sessions and mail to them in one transaction; others'
   * counts redone; the files after the commit. The e-mail is free again.
   */
  deleteAccount(viewer: UserRow | null, password: string): Promise<void>;
  /**
   * A new username: "That username has been taken." when another student
   * has it or gave it up less than 30 days ago (their old links still lead
   * to them); the old one leads to this student for 30 days.
   */
  changeUsername(viewer: UserRow | null, username: string): Promise<Viewer>;
  /**
   * Needs the current password; ends every other session. An account without
   * one sets its first through a reset link to its address (ADR 036): a
   * password set with a session alone would then let that session change the e-mail.
   */
  changePassword(
    viewer: UserRow | null,
    keepToken: string | null,
    body: { currentPassword: string; password: string },
  ): Promise<void>;
  /** Phone (E.164), gender, birth date and e-mail alerts: "Account Updated!". */
  update(viewer: UserRow | null, body: AccountBody): Promise<Viewer>;
}

/** Builds the AccountService. */
export function createAccountService({
  db,
  storage,
  passwords,
  leaving,
  changed,
  now = Date.now,
  log = () => undefined,
}: AccountServiceDeps): AccountService {
  const reread = async (id: string): Promise<Viewer> =>
    presentViewer((await account.findById(db.kysely, id))!, storage);

  return {
    deleteAccount: createAccountDeletion({ db, storage, passwords, leaving, changed, log }),

    async changeUsername(viewer: UserRow | null, username: string): Promise<Viewer> {
      requireSignedIn(viewer);
      if (username === viewer.username) return reread(viewer.id);
      const at = now();
      try {
        await db.kysely.transaction().execute(async (trx) => {
          if (await account.usernameHeld(trx, username, viewer.id, at))
            throw conflict('username_taken', M.usernameTaken);
          await account.moveUsername(trx, {
            userId: viewer.id,
            from: viewer.username,
            to: username,
            until: at + OLD_USERNAME_DAYS * DAY_MS,
            now: at,
          });
        });
      } catch (error) {
        // Two students claiming one name at once: the second meets the unique index.
        if (isUniqueViolation(error)) throw conflict('username_taken', M.usernameTaken);
        throw error;
      }
      changed(viewer.campus_id);
      return reread(viewer.id);
    },

    async changePassword(
      viewer: UserRow | null,
      keepToken: string | null,
      body: { currentPassword: string; password: string },
    ): Promise<void> {
      requireSignedIn(viewer);
      if (!viewer.password_hash) throw badRequest('password_link_required', M.firstPasswordByLink);
      if (!body.currentPassword)
        throw badRequest('current_password_required', M.currentPasswordRequired);
      if (!(await passwords.verify(body.currentPassword, viewer.password_hash)))
        throw badRequest('current_password_wrong', M.currentPasswordWrong);
      await account.setPasswordHash(
        db.kysely,
        viewer.id,
        await passwords.hash(body.password),
        now(),
      );
      await passwords.endOtherSessions(viewer.id, keepToken);
    },

    async update(viewer: UserRow | null, body: AccountBody): Promise<Viewer> {
      requireSignedIn(viewer);
      const at = now();
      await db.kysely.transaction().execute(async (trx) => {
        await account.update(
          trx,
          viewer.id,
          {
            ...(body.phone !== undefined ? { phone: normalisePhone(body.phone) } : {}),
            ...(body.gender !== undefined ? { gender: body.gender } : {}),
            ...(body.birthDate !== undefined ? birthDateColumns(body.birthDate, at) : {}),
          },
          at,
        );
        // "E-mail alerts" turns every kind's e-mail off, or back to the defaults (ADR 059).
        if (body.emailNotifications !== undefined)
          await setEveryEmail(trx, viewer.id, body.emailNotifications);
      });
      return reread(viewer.id);
    },
  };
}
