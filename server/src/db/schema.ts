import type { ColumnType, Generated } from 'kysely';

/**
 * Table types of the data model (DESIGN §5). Times are epoch milliseconds.
 * Booleans are read as 0/1 from SQLite and true/false from PostgreSQL:
 * repositories convert them with `bool()` from ./sql.
 */
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;
type Time = number;

export interface UsersTable {
  id: string;
  campus_id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  school_email: string | null;
  grad_year: number | null;
  phone: string | null;
  avatar_key: string | null;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  gender: string | null;
  bio: string;
  profile_set_up: Bool;
  getting_started: Bool;
  verified: Bool;
  school_verified: Bool;
  type: string;
  email_notifications: Bool;
  total_posts: number;
  password_hash: string | null;
  google_sub: string | null;
  stripe_account_id: string | null;
  charges_enabled: Bool;
  payouts_enabled: Bool;
  stripe_onboarding_complete: Bool;
  failed_logins: number;
  failed_login_window_start: Time | null;
  locked_until: Time | null;
  code_failures: number;
  code_failure_window_start: Time | null;
  created_at: Time;
  updated_at: Time;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Time;
  expires_at: Time;
  last_seen_at: Time;
  user_agent: string | null;
  ip: string | null;
}

export interface AuthTokensTable {
  id: string;
  purpose: string;
  email: string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  campus_id: string | null;
  created_at: Time;
  expires_at: Time;
  used_at: Time | null;
}

export interface VerificationCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  purpose: string;
  email: string | null;
  campus_id: string | null;
  attempts: number;
  created_at: Time;
}

export interface PostsTable {
  id: string;
  campus_id: string;
  author_id: string;
  parent_id: string | null;
  root_id: string | null;
  depth: number;
  text: string;
  category: string | null;
  media_count: number;
  like_count: number;
  comment_count: number;
  feed_score: number;
  created_at: Time;
  updated_at: Time;
}

export interface MediaColumns {
  id: string;
  owner_id: string;
  position: number;
  key: string;
  kind: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  /** JSON: the stored variants (thumbnail, feed, original) with their keys and sizes. */
  variants: string;
  created_at: Time;
}

export interface PostMediaTable extends MediaColumns {
  post_id: string | null;
}

export interface MessageMediaTable extends MediaColumns {
  message_id: string | null;
}

export interface LikesTable {
  post_id: string;
  user_id: string;
  created_at: Time;
}

export interface ChatsTable {
  id: string;
  user_low: string;
  user_high: string;
  started_by: string;
  last_message_text: string | null;
  last_message_id: string | null;
  created_at: Time;
  updated_at: Time;
}

export interface ChatUnreadTable {
  chat_id: string;
  user_id: string;
}

export interface MessagesTable {
  id: string;
  chat_id: string;
  sender_id: string;
  text: string;
  shared_post_id: string | null;
  media_count: number;
  created_at: Time;
}

export interface MessageHeartsTable {
  message_id: string;
  user_id: string;
  created_at: Time;
}

export interface NotificationsTable {
  id: string;
  type: string;
  to_user_id: string;
  from_user_id: string | null;
  post_id: string | null;
  chat_id: string | null;
  message: string;
  read: Bool;
  created_at: Time;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: Time;
  attempts: number;
  next_attempt_at: Time;
  sent_at: Time | null;
  last_error: string | null;
}

export interface SearchesTable {
  id: string;
  campus_id: string;
  text: string;
  unique_views: number;
  ghost_views: number;
  total_views: number;
  created_at: Time;
  updated_at: Time;
}

export interface UserSearchesTable {
  id: string;
  user_id: string;
  search_id: string;
  text: string;
  qty: number;
  updated_at: Time;
}

export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_user_id: string | null;
  target_post_id: string | null;
  reason: string;
  created_at: Time;
}

export interface EventsTable {
  id: string;
  name: string;
  user_id: string | null;
  campus_id: string | null;
  /** JSON object of event properties. */
  props: string;
  created_at: Time;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  verification_codes: VerificationCodesTable;
  posts: PostsTable;
  post_media: PostMediaTable;
  likes: LikesTable;
  chats: ChatsTable;
  chat_unread: ChatUnreadTable;
  messages: MessagesTable;
  message_media: MessageMediaTable;
  message_hearts: MessageHeartsTable;
  notifications: NotificationsTable;
  mail_outbox: MailOutboxTable;
  searches: SearchesTable;
  user_searches: UserSearchesTable;
  reports: ReportsTable;
  events: EventsTable;
}

// Generated is re-exported for repositories that insert rows with defaults.
export type { Generated };
