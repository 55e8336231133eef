import type { FastifyContextConfig, FastifyInstance, HTTPMethods } from 'fastify';

/** One route of the app as it was registered: a method, the URL pattern the router matches, its declarations. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  /** What the route declares: who may call it (`access`), what it changes (`changes`), its limits. */
  config: FastifyContextConfig;
}

/**
 * Every route the app registers, plugins' and hidden ones included, in the
 * order they were added: what a test walks to reach every route (the
 * authorization matrix, the route declarations) rather than a list kept by hand. Registered before
 * anything else so that no route is missed.
 */
export function registerRouteList(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Read when asked: a plugin's scope may declare its routes' config after this hook ran.
    for (const method of methods)
      routes.push({
        method,
        url: route.url,
        get config() {
          return route.config ?? {};
        },
      });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, one entry per method (HEAD routes Fastify adds for GETs included). */
    routeList: readonly RouteEntry[];
  }
}
