import { createElement, isValidElement, lazy as reactLazy, useState, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** What fetches each lazy screen's chunk, by component: preloadRouteChunks starts them before the screens render. */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * React.lazy for the router's screens (router.tsx), whose chunk can also be fetched before the screen renders
 * (preloadRouteChunks). A screen whose chunk is already in renders at once: React.lazy would suspend it all the same
 * for a moment, showing the Suspense fallback, and React then holds the screen back for up to 300 ms (it throttles
 * revealing content after a fallback). Not yet in, it suspends as React.lazy does.
 * Declare a lazy screen as `const X = lazy(() => import('./routes/...').then(...))` and use it as a route's
 * `element: <X />`: the size check (scripts/check-bundle-size.mjs) reads the router in that form.
 */
export function lazy(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a chunk that failed (offline) is asked for again next time
        throw error;
      },
    ));
  const Suspending = reactLazy(once);
  function LazyScreen() {
    // Chosen once per mount: switching from one to the other would mount the screen anew.
    const [Screen] = useState<ComponentType>(() => loaded ?? Suspending);
    return createElement(Screen);
  }
  loaders.set(LazyScreen, once);
  return LazyScreen;
}

/**
 * Starts fetching the chunks of the screens that `location` shows, layouts included, without waiting for them to
 * render: on a first visit they then arrive with the profile request (/api/auth/me) rather than one after the other,
 * each after the previous one has rendered (docs/performance.md, "Front-end budgets").
 */
export function preloadRouteChunks(routes: RouteObject[], location: string) {
  for (const { route } of matchRoutes(routes, location) ?? []) {
    const { element } = route;
    if (isValidElement(element))
      void loaders
        .get(element.type as object)?.()
        .catch(() => undefined);
  }
}
