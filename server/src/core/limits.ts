/** What a per-student limit reads of a request: its signed-in student, else its address. */
interface Requester {
  user: { id: string } | null;
  ip: string;
}

/**
 * Counts a signed-in student's requests wherever they come from (one student
 * with many addresses, many students behind one): a write a person can repeat
 * is theirs to repeat, not their network's (ADR 037).
 */
const perStudent = (request: Requester): string =>
  request.user ? `student:${request.user.id}` : request.ip;

/**
 * Rate limits per route kind (docs/product/safety-and-moderation.md, Limits),
 * opted into route by route through `config.rateLimit`: `max` requests per
 * `timeWindow` per IP, or per student where the limit says so.
 */
export const LIMITS = {
  signIn: { max: 20, timeWindow: '1 minute' },
  register: { max: 10, timeWindow: '1 minute' },
  mail: { max: 6, timeWindow: '1 minute' },
  code: { max: 20, timeWindow: '1 minute' },
  lookup: { max: 60, timeWindow: '1 minute' },
  upload: { max: 60, timeWindow: '1 minute' },
  post: { max: 30, timeWindow: '1 minute' },
  message: { max: 60, timeWindow: '1 minute' },
  /**
   * Toggles a student can repeat (saves, hearts, blocks), each way counted
   * apart: every "on" may tell someone, and a block drops cached pages.
   */
  toggle: { max: 60, timeWindow: '1 minute', keyGenerator: perStudent },
  /** Username changes: each name given up stays held for 30 days. */
  username: { max: 10, timeWindow: '1 hour', keyGenerator: perStudent },
  /** Searching and suggestions while typing: a keystroke can be a request. */
  search: { max: 300, timeWindow: '1 minute' },
} as const;

/**
 * Connections the kernel may hold for the server before it accepts them
 * (Node's default is 511). When thousands of students connect at once and the
 * event loop is busy, a full queue answers the newest with a reset (the mixed
 * load's "read ECONNRESET" at 2,000 students); a longer one makes them wait
 * instead. Linux caps it at net.core.somaxconn (4096 by default).
 */
export const LISTEN_BACKLOG = 4096;
