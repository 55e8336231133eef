import { ACCOUNT_MESSAGES as M } from '@common/schemas/account';
import { badRequest } from '../../core/errors';
import { requireSignedIn } from '../../core/policies/roles';
import type { Db } from '../../db/kysely';
import type { UserRow } from '../../db/schema';
import { deleteMailTo } from '../../platform/mail';
import type { BlobStore } from '../../platform/storage/blob-store';
import { accountRepository as account } from './account.repository';
import type { LeavingPort, PasswordPort } from './account.ports';

interface DeletionDeps {
  db: Db;
  storage: BlobStore;
  passwords: PasswordPort;
  leaving: LeavingPort;
  changed: (campusId: string) => void;
  log: (error: unknown) => void;
}

/** Builds AccountService's deleteAccount (documented there). */
export function createAccountDeletion({
  db,
  storage,
  passwords,
  leaving,
  changed,
  log,
}: DeletionDeps) {
  return async function deleteAccount(viewer: UserRow | null, password: string): Promise<void> {
    requireSignedIn(viewer);
    if (viewer.password_hash) {
      if (!password) throw badRequest('password_required', M.passwordRequiredToDelete);
      if (!(await passwords.verify(password, viewer.password_hash)))
        throw badRequest('current_password_wrong', M.currentPasswordWrong);
    }
    const files = await db.kysely.transaction().execute(async (trx) => {
      // Mail to the student, queued or sent, holds their links and codes (ADR 039).
      await deleteMailTo(trx, [
        viewer.email,
        ...(viewer.school_email ? [viewer.school_email] : []),
      ]);
      const left = await leaving.authorLeaving(trx, viewer.id);
      const chatFiles = await leaving.chatFiles(trx, viewer.id);
      await account.deleteUser(trx, viewer.id);
      await leaving.authorLeft(trx, left);
      return [...left.files, ...chatFiles, ...(viewer.avatar_key ? [viewer.avatar_key] : [])];
    });
    await passwords.endOtherSessions(viewer.id, null);
    changed(viewer.campus_id);
    storage.delete(files).catch(log);
  };
}
