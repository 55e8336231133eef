/**
 * End-to-end files run this many at a time, each worker with its own server and
 * browser. Pages spend much of their time waiting (animations, live updates), so
 * three keep two cores busy without starving one another (ADR 035).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);
