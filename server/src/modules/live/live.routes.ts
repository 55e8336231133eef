import type { FastifyInstance } from 'fastify';
import { createLiveHub } from './live.service';

/**
 * GET /api/live: one WebSocket per tab (DESIGN §7). Signed-in members of the
 * site's campus receive its feed events (new top-level posts) as JSON lines.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const hub = createLiveHub(app.deps.bus);
  app.addHook('onClose', async () => hub.close());

  app.get('/api/live', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const origin = request.headers.origin;
    const sameSite = !origin || origin === `${request.protocol}://${request.host}`;
    if (!request.user || !sameSite) {
      socket.close(4401, request.user ? 'cross-origin' : 'signed out');
      return;
    }
    const leave = hub.join(`feed:${request.campus.id}`, (event) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    });
    socket.on('close', () => void leave());
    socket.on('error', () => void leave());
    // Keep idle connections alive through proxies.
    const ping = setInterval(() => socket.ping(), 30_000);
    socket.on('close', () => clearInterval(ping));
  });
}
