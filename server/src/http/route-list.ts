import type { FastifyInstance, HTTPMethods } from 'fastify';

/** One route of the app as it was registered: a method and the URL pattern the router matches. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
}

/**
 * Every route the app registers, plugins' and hidden ones included, in the
 * order they were added: what a test walks to reach every route (the
 * authorization matrix) rather than a list kept by hand. Registered before
 * anything else so that no route is missed.
 */
export function registerRouteList(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, one entry per method (HEAD routes Fastify adds for GETs included). */
    routeList: readonly RouteEntry[];
  }
}
