import { describe, expect, it } from 'vitest';
import { routesFromRouter } from './bundle-budget.mjs';
import { pageChunks } from './page-chunks.mjs';

// What the server preloads with each campaign page (write-page-chunks.mjs), from a hand-written build: every file the
// page's screens need at once, and nothing they load on demand or that another part of the app uses.

const { routes } = routesFromRouter(
  `
import { createBrowserRouter } from 'react-router';
import { lazy } from './lazy-route';
import { LoginRoute } from './routes/auth/login';

const CampaignRoot = lazy(() => import('./routes/app/campaign-root').then((m) => ({ default: m.CampaignRoot })));
const HomeRoute = lazy(() => import('./routes/app/home').then((m) => ({ default: m.HomeRoute })));
const TestsRoute = lazy(() => import('./routes/app/tests').then((m) => ({ default: m.TestsRoute })));
const ConsoleRoot = lazy(() => import('./routes/console/console-root').then((m) => ({ default: m.ConsoleRoot })));

export const router = createBrowserRouter([
  { path: paths.auth.login.path, element: <LoginRoute /> },
  { path: paths.console.root.path, element: <ConsoleRoot /> },
  {
    element: <CampaignRoot />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: paths.app.tests.path, element: <TestsRoute /> },
    ],
  },
]);
`,
  'src/app/router.tsx',
);

const dynamicEntry = (name: string, extra: { imports?: string[]; dynamicImports?: string[]; css?: string[] } = {}) => ({
  file: `assets/${name.split('/').pop()}-h4sh.js`,
  src: `src/${name}.tsx`,
  isDynamicEntry: true,
  ...extra,
  imports: ['index.html', ...(extra.imports ?? [])],
});

const manifest = {
  'index.html': {
    file: 'assets/index-h4sh.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_shared-h4sh.js'],
    css: ['assets/index-h4sh.css'],
    dynamicImports: ['src/app/routes/app/campaign-root.tsx', 'src/app/routes/app/home.tsx', 'src/app/routes/app/tests.tsx'],
  },
  '_shared-h4sh.js': { file: 'assets/shared-h4sh.js', name: 'shared' },
  '_room-h4sh.js': { file: 'assets/room-h4sh.js', name: 'room', imports: ['index.html', '_shared-h4sh.js'], css: ['assets/room-h4sh.css'] },
  'src/app/routes/app/campaign-root.tsx': dynamicEntry('app/routes/app/campaign-root', { css: ['assets/campaign-root-h4sh.css'] }),
  'src/app/routes/app/home.tsx': dynamicEntry('app/routes/app/home', {
    imports: ['_room-h4sh.js'],
    dynamicImports: ['src/features/room/tutorial.tsx'],
  }),
  'src/features/room/tutorial.tsx': dynamicEntry('features/room/tutorial'),
  'src/app/routes/app/tests.tsx': dynamicEntry('app/routes/app/tests'),
  'src/app/routes/console/console-root.tsx': dynamicEntry('app/routes/console/console-root'),
  'src/app/app-queue.ts': { ...dynamicEntry('app/app-queue'), src: 'src/app/app-queue.ts' },
};

describe('the files each campaign page loads at once', () => {
  it('are the shell, the layout, the screen with what it imports, and the sending queue, each with its stylesheets', () => {
    expect(pageChunks({ manifest, routes, signedIn: ['src/app/app-queue'] })).toEqual({
      home: [
        '/assets/index-h4sh.js',
        '/assets/campaign-root-h4sh.js',
        '/assets/campaign-root-h4sh.css',
        '/assets/home-h4sh.js',
        '/assets/room-h4sh.js',
        '/assets/room-h4sh.css',
        '/assets/app-queue-h4sh.js',
      ],
      tests: [
        '/assets/index-h4sh.js',
        '/assets/campaign-root-h4sh.js',
        '/assets/campaign-root-h4sh.css',
        '/assets/tests-h4sh.js',
        '/assets/app-queue-h4sh.js',
      ],
    });
  });

  it('refuses a router in which two routes are the same campaign page', () => {
    const twice = [...routes, { ...routes.find((route) => route.label === 'index')!, lazy: ['src/app/routes/console/console-root'] }];
    expect(() => pageChunks({ manifest, routes: twice })).toThrow(/Two routes of the router are the campaign page home/);
  });

  it('refuses a build that lost a screen the router names', () => {
    const { 'src/app/routes/app/tests.tsx': _gone, ...rest } = manifest;
    expect(() => pageChunks({ manifest: rest, routes })).toThrow(/src\/app\/routes\/app\/tests is not a chunk of the build/);
  });
});
