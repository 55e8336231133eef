/**
 * Rate limits per route kind (DESIGN §9), opted into route by route through
 * `config.rateLimit`: `max` requests per `timeWindow` per IP.
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
