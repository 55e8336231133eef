import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/kysely';
import { registerErrorHandling } from './http/error-handler';
import { registerCampusResolution } from './http/campus-context';
import { registerGeoGate } from './http/geo-gate';
import { registerRateLimits } from './http/rate-limit';
import { registerSameOriginCheck } from './http/same-origin';
import { registerSessions } from './http/session';
import { registerSecurityHeaders } from './http/security-headers';
import { responseSerializer } from './http/serializer';
import { registerWebApp } from './http/web-app';
import { authRoutes } from './modules/auth/auth.routes';
import { createSessionCache } from './modules/auth/sessions.cache';
import { createSessionService } from './modules/auth/sessions.service';
import { campusRoutes } from './modules/campuses/campuses.routes';
import { liveRoutes } from './modules/live/live.routes';
import { createCachedPostsService, postsRoutes } from './modules/posts/posts.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes';
import { mediaRoutes } from './modules/media/media.routes';
import type { EventBus } from './platform/bus';
import type { GeoLookup } from './platform/geo/geo';
import type { MailTransport } from './platform/mail';
import type { BlobStore } from './platform/storage/blob-store';

/** Everything the app talks to outside its own process. Built by main.ts or the tests. */
export interface AppDeps {
  config: Config;
  db: Db;
  bus: EventBus;
  storage: BlobStore;
  geo: GeoLookup;
  mail: MailTransport;
}

export type App = FastifyInstance;

/** Builds the whole HTTP app without listening: main.ts listens, tests inject. */
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
          }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...options,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.env !== 'production'));
  app.decorate('deps', deps);

  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Quad API', version: '1' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerCampusResolution(app, config);
  registerGeoGate(app, deps);
  registerSameOriginCheck(app);
  await registerRateLimits(app, config);
  const sessionCache = await createSessionCache({
    bus: deps.bus,
    ttlMs: config.sessionCacheMs,
    log: (error) => app.log.error({ err: error }, 'session cache message failed'),
  });
  app.addHook('onClose', () => sessionCache.close());
  registerSessions(app, config, createSessionService(deps.db, { cache: sessionCache }));

  await app.register(healthRoutes);
  await app.register(campusRoutes);
  await app.register(authRoutes);
  await app.register(verificationRoutes);
  await app.register(mediaRoutes);
  const posts = await createCachedPostsService(app);
  await app.register(postsRoutes, { posts });
  await app.register(liveRoutes);
  // The dev mailbox shows everyone's codes: only where config allows it (DESIGN §4).
  if (config.devMailbox) await app.register(mailboxRoutes);
  await registerWebApp(app, deps, posts);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
