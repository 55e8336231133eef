import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/**
 * Table types of the data model. Times are epoch milliseconds. Booleans are
 * written as booleans (a plugin turns them into 0/1 for SQLite) and read as 0/1
 * from SQLite or true/false from PostgreSQL: repositories convert what they
 * read with `Boolean()`.
 */
/** A boolean column with a database default: optional on insert. */
type BoolD = ColumnType<boolean | number, boolean | undefined, boolean>;
/** Columns with a database default: optional on insert. */
type IntD = Generated<number>;
type TextD = Generated<string>;
type Time = number;
/** A nullable column that inserts may leave out (null). */
type NullD<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UsersTable {
  id: string;
  campus_id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  school_email: string | null;
  /** The mailbox the school e-mail reaches, unique (`mailboxOf`, migration 0021, ADR 040). */
  school_mailbox: NullD<string>;
  /** The mailbox the account e-mail reaches, for bans (migration 0021). */
  email_mailbox: NullD<string>;
  grad_year: number | null;
  phone: string | null;
  avatar_key: string | null;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  gender: string | null;
  bio: TextD;
  profile_set_up: BoolD;
  getting_started: BoolD;
  verified: BoolD;
  school_verified: BoolD;
  type: TextD;
  email_notifications: BoolD;
  total_posts: IntD;
  password_hash: string | null;
  google_sub: string | null;
  stripe_account_id: string | null;
  charges_enabled: BoolD;
  payouts_enabled: BoolD;
  stripe_onboarding_complete: BoolD;
  failed_logins: IntD;
  failed_login_window_start: Time | null;
  locked_until: Time | null;
  code_failures: IntD;
  code_failure_window_start: Time | null;
  /** Banned by a moderator (migration 0012, ADR 025): no sign-in ever again. */
  banned_at: Time | null;
  /** Suspended by a moderator or automatically: no sign-in before this time. */
  suspended_until: Time | null;
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

/** Wrong passwords for one account from one client address (migration 0022). */
export interface LoginFailuresTable {
  user_id: string;
  client: string;
  failures: number;
  window_start: Time;
  locked_until: Time | null;
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
  attempts: IntD;
  created_at: Time;
}

export interface PostsTable {
  id: string;
  campus_id: string;
  author_id: string;
  parent_id: string | null;
  root_id: string | null;
  depth: IntD;
  text: TextD;
  category: string | null;
  media_count: IntD;
  like_count: IntD;
  comment_count: IntD;
  feed_score: IntD;
  /** Listing fields (migration 0010, ADR 023): whole dollars, null on a plain post. */
  price: NullD<number>;
  obo: BoolD;
  condition: NullD<string>;
  status: TextD;
  created_at: Time;
  updated_at: Time;
  /** A listing's pick-up spot, an id of the campus's spots file (migration 0013). */
  spot_id: Generated<string | null>;
  /** When the seller is due "Did it sell?" (migration 0014, ADR 029); null once asked or never. */
  ask_sold_at: NullD<number>;
  /** When an untouched listing leaves the feed and search; null on plain posts and comments. */
  expires_at: NullD<number>;
  /** The listing's last bump or renewal (at most one a week). */
  bumped_at: NullD<number>;
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
  /** The seller's description of a photo, '' when none (migration 0031, ADR 060). */
  alt: Generated<string>;
  /** A video's length as the browser measured it at upload; null when unknown (ADR 060). */
  duration_ms: Generated<number | null>;
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
  /** The listing the chat is about now, pinned at its top (migration 0023). */
  listing_id: string | null;
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
  /** The scam check's findings as JSON (ADR 018), null when none. */
  warnings: string | null;
  /** Set on the message where the two began to talk about this listing (migration 0023). */
  about_post_id: string | null;
  created_at: Time;
}

/** An offer or counter-offer on a listing, carried by a chat message (migration 0023). */
export interface OffersTable {
  id: string;
  campus_id: string;
  chat_id: string;
  message_id: string;
  listing_id: string;
  buyer_id: string;
  seller_id: string;
  /** Who made it: the buyer, or the seller countering. */
  from_id: string;
  /** Whole dollars. */
  amount: number;
  note: string | null;
  /** 'open' | 'accepted' | 'declined' | 'countered' | 'withdrawn' | 'expired'. */
  status: TextD;
  /** The offer this one counters. */
  counter_of: string | null;
  /** The scam check's findings on the note as JSON, null when none. */
  warnings: string | null;
  created_at: Time;
  expires_at: Time;
  answered_at: Time | null;
}

/** A listing marked sold, to a student or to "someone else" (`buyer_id` null; migration 0023). */
export interface SalesTable {
  id: string;
  campus_id: string;
  listing_id: string | null;
  /** The listing's title and price when it sold. */
  title: string;
  price: number | null;
  seller_id: string;
  buyer_id: string | null;
  created_at: Time;
}

/** One side's review of a sale (migration 0023). */
export interface ReviewsTable {
  id: string;
  sale_id: string;
  campus_id: string;
  author_id: string;
  subject_id: string;
  /** 1 to 5. */
  stars: number;
  /** JSON array of tag ids. */
  tags: TextD;
  text: TextD;
  created_at: Time;
  removed_at: Time | null;
}

/** A meetup suggested in a chat (migration 0013, ADR 026). */
export interface MeetupsTable {
  id: string;
  chat_id: string;
  /** The chat message that carries it. */
  message_id: string;
  proposer_id: string;
  campus_id: string;
  spot_id: string;
  at: Time;
  /** 'proposed' | 'accepted' | 'declined' | 'cancelled'. */
  status: TextD;
  remind_at: Time;
  /** Set once by the reminder job that sent its notifications. */
  reminded_at: Time | null;
  created_at: Time;
  updated_at: Time;
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
  read: BoolD;
  created_at: Time;
  /** What an act that can be undone is on (a saved post, a hearted message; migration 0018, ADR 037). */
  subject_id: string | null;
}

/** When an actor last notified of a kind of act on a subject (migration 0018, ADR 037). */
export interface NotificationMarksTable {
  from_user_id: string;
  type: string;
  subject_id: string;
  notified_at: Time;
}

/** When a student was last mailed about a topic: a chat, or a kind of act on a post (migration 0033, ADR 073). */
export interface AlertMarksTable {
  user_id: string;
  /** `chat:<id>`, or `post:<id>:<type>`. */
  topic: string;
  mailed_at: Time;
}

/** A student's notification settings (migration 0030, ADR 059); none: the defaults. */
export interface NotificationSettingsTable {
  user_id: string;
  /** JSON: by kind, by channel, what the student chose; one left out takes the default. */
  choices: string;
  /** Quiet hours as minutes of the day in `time_zone`; null: none. */
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string | null;
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

/** A device a student turned push notifications on for (migration 0029, ADR 058). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The browser's push service URL for this device: the capability to push to it. */
  endpoint: string;
  p256dh: string;
  auth: string;
  /** What the device list calls it ("Chrome on Android"), from its user agent. */
  device: string;
  created_at: Time;
  last_used_at: Time;
  /** The session that turned push on (migration 0032, ADR 068): ending it deletes the row. */
  session_id: string | null;
}

/** A push waiting to be sent to one device (migration 0029, ADR 058); deleted once sent or given up. */
export interface PushOutboxTable {
  id: string;
  subscription_id: string;
  /** The JSON the service worker shows: title, body, icon, tag, url, chatId. */
  payload: string;
  created_at: Time;
  attempts: number;
  next_attempt_at: Time;
  last_error: string | null;
}

/** One upload's bytes, counted against its student's daily limit (migration 0020, ADR 039). */
export interface UploadUsageTable {
  id: string;
  user_id: string;
  bytes: number;
  created_at: Time;
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
  /** A moderator took it off the campus's popular searches and suggestions (migration 0021). */
  dropped_at: NullD<Time>;
}

export interface UserSearchesTable {
  id: string;
  user_id: string;
  search_id: string;
  text: string;
  qty: number;
  updated_at: Time;
}

/** PostgreSQL only: every word of every post, for correcting misspelt queries (ADR 009). */
export interface SearchWordsTable {
  word: string;
}

/** Usernames given up, leading to their student until `expires_at` (30 days). */
export interface OldUsernamesTable {
  username: string;
  user_id: string;
  expires_at: Time;
}

export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_user_id: string | null;
  target_post_id: string | null;
  /** A reported message (migration 0009). */
  target_message_id: string | null;
  /** A reported review (migration 0025, ADR 052). */
  target_review_id: Generated<string | null>;
  reason: string;
  created_at: Time;
  /**
   * The campus of what is reported, whose moderators read it (migration 0021,
   * ADR 040): every writer gives it; the migration filled the older rows.
   */
  campus_id: string;
  /** When a moderator's action closed it (migration 0012), and with what outcome. */
  closed_at: Time | null;
  outcome: string | null;
}

/** Every moderator's action, and the system's automatic suspensions (ADR 025). */
export interface ModerationActionsTable {
  id: string;
  campus_id: string;
  /** Null: the system. */
  moderator_id: string | null;
  target_type: string;
  target_id: string;
  target_user_id: string | null;
  action: string;
  reason: string;
  days: number | null;
  created_at: Time;
}

/** A student blocked by another (migration 0011, ADR 024). */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
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

export interface OauthStatesTable {
  /** SHA-256 of the state parameter. */
  id: string;
  code_verifier: string;
  nonce: string;
  campus_id: string;
  created_at: Time;
  expires_at: Time;
}

/** A student's saved search with its alert choices (ADR 010). */
export interface SavedSearchesTable {
  id: string;
  user_id: string;
  campus_id: string;
  query: string;
  query_key: string;
  show: string;
  category: string | null;
  /** 'off' | 'instant' | 'daily'. */
  email: string;
  paused: BoolD;
  /** JSON QueryTerm[]. */
  terms: string;
  last_mailed_at: Time | null;
  /** The price filters it was saved with (migration 0014, ADR 029): whole dollars, null for none. */
  min_price: NullD<number>;
  max_price: NullD<number>;
  free: BoolD;
  created_at: Time;
  updated_at: Time;
}

/** The words (and corrections, and their stems) a saved search needs, by campus. */
export interface SavedSearchTermsTable {
  campus_id: string;
  term: string;
  saved_search_id: string;
}

/** A match not yet e-mailed: for a daily digest, or held by the hourly throttle. */
export interface SavedSearchMatchesTable {
  saved_search_id: string;
  post_id: string;
  user_id: string;
  created_at: Time;
}

/** A site Quad serves (migration 0026, ADR 054). */
export interface CampusesTable {
  id: string;
  name: string;
  product_name: string;
  school_name: string;
  city: string;
  state: string;
  /** JSON array of school e-mail domains. */
  email_domains: string;
  theme_primary: string;
  theme_on_primary: string;
  theme_accent: string;
  instagram: string;
  support_email: string;
  logo_media_id: NullD<string>;
  is_default: BoolD;
  ranked_feed: BoolD;
  /** 'active' | 'read_only' | 'closed' */
  status: TextD;
  sort_order: number;
  created_at: Time;
  updated_at: Time;
}

/** A campus's public exchange spot (ADR 026), in `sort_order`. */
export interface MeetupSpotsTable {
  campus_id: string;
  id: string;
  name: string;
  description: string;
  hours: string | null;
  sort_order: number;
}

export interface Database {
  campuses: CampusesTable;
  meetup_spots: MeetupSpotsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
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
  meetups: MeetupsTable;
  offers: OffersTable;
  sales: SalesTable;
  reviews: ReviewsTable;
  notifications: NotificationsTable;
  notification_marks: NotificationMarksTable;
  alert_marks: AlertMarksTable;
  notification_settings: NotificationSettingsTable;
  mail_outbox: MailOutboxTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  upload_usage: UploadUsageTable;
  searches: SearchesTable;
  user_searches: UserSearchesTable;
  search_words: SearchWordsTable;
  old_usernames: OldUsernamesTable;
  reports: ReportsTable;
  blocks: BlocksTable;
  moderation_actions: ModerationActionsTable;
  events: EventsTable;
  oauth_states: OauthStatesTable;
  saved_searches: SavedSearchesTable;
  saved_search_terms: SavedSearchTermsTable;
  saved_search_matches: SavedSearchMatchesTable;
}

export type { Generated, Insertable, Selectable };
/** The database or a transaction on it: what every repository function runs on. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type PostRow = Selectable<PostsTable>;
