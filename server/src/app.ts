import cluster from 'node:cluster';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { registerAccess } from './http/access';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/error-handler';
import { registerCampusResolution } from './http/campus-context';
import {
  type CampusRegistry,
  createCampusRegistry,
  unknownCampusIds,
} from './modules/campuses/campuses.registry';
import { registerGeoGate } from './http/geo-gate';
import { moduleRoutes, registerOpenApi } from './http/openapi';
import { registerRateLimits } from './http/rate-limit';
import { registerRequestLog, stdoutLogStream } from './http/request-log';
import { registerRouteList } from './http/route-list';
import { registerSameOriginCheck } from './http/same-origin';
import { registerMetrics } from './http/metrics';
import { registerSecurityHeaders } from './http/security-headers';
import { responseSerializer } from './http/serializer';
import { authRoutes } from './modules/auth/auth.routes';
import { registerSessions, sessionCookieName } from './modules/auth/session-cookie';
import { campusRoutes } from './modules/campuses/campuses.routes';
import { campusAdminRoutes } from './modules/campuses/campuses.admin.routes';
import { chatsRoutes } from './modules/chats/chats.routes';
import { healthRoutes } from './modules/health/health.routes';
import { likesRoutes } from './modules/likes/likes.routes';
import { liveRoutes } from './modules/live/live.routes';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { accountRoutes } from './modules/account/account.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { salesRoutes } from './modules/sales/sales.routes';
import { blocksRoutes } from './modules/blocks/blocks.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { searchRoutes } from './modules/search/search.routes';
import { registerPages } from './modules/pages/pages.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { pushRoutes } from './modules/push/push.routes';
import { pwaRoutes } from './modules/pwa/pwa.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { outboxBacklog } from './platform/mail/outbox';
import { createMetrics } from './platform/metrics/prometheus';
import { createJobs, type JobName } from './jobs';
import { createServices, type Services } from './services';

export type { AppDeps } from './deps';
export type App = FastifyInstance;

/**
 * The composition root: builds every service once (services.ts) and the HTTP
 * app around them, without listening: main.ts listens, tests inject.
 */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger:
      options.logger ??
      (config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
            stream: stdoutLogStream(),
          }),
    // One short line a request instead of Fastify's two long ones (ADR 062).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Refusals before routing keep the one error body (http/error-handler.ts).
    frameworkErrors,
    clientErrorHandler,
    ...options,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.env !== 'production'));
  app.decorate('deps', deps);
  registerRouteList(app);

  registerErrorHandling(app);
  registerRequestLog(app, config.logSample);
  // Which process answered, for the test that runs several (ADR 062); never in production.
  if (cluster.isWorker && config.env === 'test')
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-quad-pid', String(process.pid));
    });
  registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await registerOpenApi(app, { config, sessionCookie: sessionCookieName(config) });

  // Campuses come from the database, refreshed through the bus (ADR 054).
  const campuses = await createCampusRegistry({
    db: deps.db,
    bus: deps.bus,
    baseDomain: config.baseDomain,
    log: (error, message) => app.log.error({ err: error }, message),
  });
  app.addHook('onClose', () => campuses.close());
  // MODERATORS may name a campus not added yet (ADR 057): a warning, not a refusal.
  for (const id of unknownCampusIds(Object.keys(config.moderators), campuses))
    app.log.warn(
      `MODERATORS names campus "${id}", which this server does not have: its moderators take effect once it is added (npm run campus -- add).`,
    );
  registerCampusResolution(app, campuses);
  registerGeoGate(app, deps);
  registerSameOriginCheck(app);
  await registerRateLimits(app, config);
  // Each route's declared access, enforced before its handler (ADR 043).
  registerAccess(app, {
    moderators: config.moderators,
    adminEmails: config.adminEmails,
    baseDomain: config.baseDomain,
  });
  const metrics = config.metrics ? createMetrics() : null;
  if (metrics && config.metrics) registerMetrics(app, metrics, config.metrics.token);

  // The composition root: every service built once, each route plugin handed its own.
  const built = await createServices(
    { ...deps, campuses },
    (error, message) => app.log.error({ err: error }, message),
    { cacheLookup: metrics?.cacheLookup },
  );
  const { services } = built;
  metrics?.watch({
    outbox: () => outboxBacklog(deps.db),
    liveSockets: services.live.sockets,
    poolUse: deps.db.poolUse,
  });
  app.decorate('services', services);
  app.addHook('onClose', () => built.close());

  registerSessions(app, config, services.sessions);
  await registerRoutes(app, services, campuses);
  await registerPages(app, { pages: services.pages });
  return app;
}

/** Every module's routes, each plugin handed the services it needs. */
async function registerRoutes(
  app: App,
  services: Services,
  registry: CampusRegistry,
): Promise<void> {
  await app.register(moduleRoutes('health', healthRoutes), { health: services.health });
  await app.register(moduleRoutes('campuses', campusRoutes), {
    campuses: services.campuses,
    logos: services.campusLogos,
  });
  await app.register(moduleRoutes('campuses', campusAdminRoutes), {
    admin: services.campusAdmin,
    logos: services.campusLogos,
    campuses: services.campuses,
    reload: () => registry.reload(),
  });
  await app.register(moduleRoutes('auth', authRoutes), {
    auth: services.auth,
    google: services.google,
    campuses: services.campuses,
    moderates: services.moderation.moderates,
  });
  await app.register(moduleRoutes('verification', verificationRoutes), {
    verification: services.verification,
  });
  await app.register(moduleRoutes('media', mediaRoutes), { media: services.media });
  await app.register(moduleRoutes('posts', postsRoutes), { posts: services.posts });
  await app.register(moduleRoutes('likes', likesRoutes), { likes: services.likes });
  await app.register(moduleRoutes('chats', chatsRoutes), { chats: services.chats });
  await app.register(moduleRoutes('notifications', notificationsRoutes), {
    notifications: services.notifications,
  });
  await app.register(moduleRoutes('push', pushRoutes), { push: services.push });
  await app.register(moduleRoutes('pwa', pwaRoutes), { pwa: services.pwa });
  await app.register(moduleRoutes('search', searchRoutes), { search: services.search });
  await app.register(moduleRoutes('saved-searches', savedSearchesRoutes), {
    savedSearches: services.savedSearches,
  });
  await app.register(moduleRoutes('profiles', profilesRoutes), { profiles: services.profiles });
  await app.register(moduleRoutes('reports', reportsRoutes), { reports: services.reports });
  await app.register(moduleRoutes('sales', salesRoutes), { sales: services.sales });
  await app.register(moduleRoutes('blocks', blocksRoutes), { blocks: services.blocks });
  await app.register(moduleRoutes('moderation', moderationRoutes), {
    moderation: services.moderation,
  });
  await app.register(moduleRoutes('account', accountRoutes), { account: services.account });
  await app.register(moduleRoutes('payments', paymentsRoutes), { payments: services.payments });
  await app.register(moduleRoutes('live', liveRoutes), {
    live: services.live,
    sessions: services.sessions,
  });
  await app.register(moduleRoutes('analytics', analyticsRoutes), { analytics: services.analytics });
  if (services.mailbox) {
    const jobs = createJobs(services);
    const runJob = (name: string, at?: number) =>
      Object.hasOwn(jobs, name) ? jobs[name as JobName].run(at) : null;
    await app.register(moduleRoutes('mailbox', mailboxRoutes), {
      ...services.mailbox,
      runJob,
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The app's services, built once by the composition root (main.ts runs the upload sweep with them). */
    services: Services;
  }
}
