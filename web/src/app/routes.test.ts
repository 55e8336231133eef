import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '@common/web-routes';
import { appRoutes } from './routes';

/** Every path the router draws a page for, parents joined to their children. */
function paths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index
      ? parent
      : route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent}/${route.path}`;
    const children = route.children ? paths(route.children, own) : [];
    return route.element && (route.index || route.path !== undefined)
      ? [own, ...children]
      : children;
  });
}

describe('the web routes the server knows', () => {
  it('are exactly the paths of the app router, so the server 404s the rest', () => {
    // The catch-all draws the not-found page: it is what the server answers 404 for.
    const drawn = paths(appRoutes).filter((path) => !path.endsWith('*'));
    expect([...new Set(drawn)].sort()).toEqual([...WEB_ROUTES].sort());
  });
});
