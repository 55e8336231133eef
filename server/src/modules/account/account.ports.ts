import type { Executor } from '../../db/schema';
import type { AuthorLeaving } from '../posts/posts.service';

/** What account settings need of the auth module, passed in by the composition root. */
export interface PasswordPort {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Ends every session of the user but the one with this token. */
  endOtherSessions(userId: string, keepToken: string | null): Promise<void>;
}

/** What deleting an account needs of the posts and media modules, passed in by the composition root. */
export interface LeavingPort {
  authorLeaving(trx: Executor, userId: string): Promise<AuthorLeaving>;
  authorLeft(trx: Executor, left: AuthorLeaving): Promise<void>;
  chatFiles(trx: Executor, userId: string): Promise<string[]>;
}
