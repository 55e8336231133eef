import { describe, expect, it } from 'vitest';
import { matchWebRoute, routeParam } from './web-routes';

describe('matchWebRoute', () => {
  it('prefers a page of its own to a parameter, as the router does', () => {
    expect(matchWebRoute('/messages/new')).toBe('/messages/new');
    expect(matchWebRoute('/messages/0193a')).toBe('/messages/:chatId?');
    expect(matchWebRoute('/messages')).toBe('/messages/:chatId?');
    expect(matchWebRoute('/profile')).toBe('/profile');
    expect(matchWebRoute('/maya_k')).toBe('/:username');
    expect(matchWebRoute('/Settings/Account/')).toBe('/settings/account');
    expect(matchWebRoute('/')).toBe('/');
  });

  it('finds no page for paths the app has none at', () => {
    for (const path of ['/no/such/page', '/settings/nope', '/post/1/likes/2'])
      expect(matchWebRoute(path), path).toBeNull();
  });

  it('reads the parameter', () => {
    expect(routeParam('/post/:id/likes', '/post/abc/likes')).toBe('abc');
    expect(routeParam('/messages/:chatId?', '/messages')).toBeUndefined();
    expect(routeParam('/home', '/home')).toBeUndefined();
  });
});
