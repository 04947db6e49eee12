import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requireAuthLoader } from '../guards/auth-redirect';
import { GuestOnly } from '../guards/guest-only';
import { HomeRedirect, SignInRedirect } from '../guards/home-redirect';
import { RequirePolicy } from '../guards/require-policy';
import { type Audience, PAGE_PATHS } from './page-paths';
import { localeRoutes } from './tree';

/** Who the guards on the way to a route let in, the nearest guard deciding. */
function audienceOf(route: RouteObject, outer: Audience): Audience {
  if (route.loader === requireAuthLoader) return 'signedIn';
  const element = route.element;
  if (isValidElement<{ policy?: string }>(element)) {
    if (element.type === GuestOnly) return 'guest';
    if (element.type === HomeRedirect || element.type === SignInRedirect) return 'redirect';
    if (element.type === RequirePolicy) return element.props.policy as Audience;
  }
  return outer;
}

/** The router's pages: every route that shows something of its own (index or path, no children). */
function pagesOf(
  routes: RouteObject[],
  base: string,
  outer: Audience,
): { path: string; audience: Audience }[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? base : `${base.replace(/\/$/, '')}/${route.path}`;
    const audience = audienceOf(route, outer);
    if (route.children?.length) return pagesOf(route.children, path, audience);
    return [{ path: route.path === '*' ? '*' : path, audience }];
  });
}

describe('the page list for the e2e suite', () => {
  it('holds every page of the router, with who it is for, and nothing else', () => {
    const tree = localeRoutes('en');
    const pages = pagesOf(tree.children ?? [], '/', 'anyone');
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect([...PAGE_PATHS].sort(byPath)).toEqual(pages.sort(byPath));
    expect(new Set(PAGE_PATHS.map((p) => p.path)).size).toBe(PAGE_PATHS.length);
  });
});
