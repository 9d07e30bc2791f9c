import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkBudgets, measureBuild, routesFromRouter } from './bundle-budget.mjs';

// The size check (check-bundle-size.mjs) on hand-written builds: it must pass a build within its budgets and fail one
// past them, or with the charting library where the report route is not the only one to load it.

const ROUTER = `
import { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { lazy } from './lazy-route';
import { LoginRoute } from './routes/auth/login';
import { Root } from './routes/root';

const CampaignRoot = lazy(() => import('./routes/app/campaign-root').then((m) => ({ default: m.CampaignRoot })));
const HomeRoute = lazy(() => import('./routes/app/home').then((m) => ({ default: m.HomeRoute })));
const ReportRoute = lazy(() => import('@/app/routes/app/report').then((m) => ({ default: m.ReportRoute })));

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: paths.auth.login.path, element: <LoginRoute /> },
      {
        element: <CampaignRoot />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: paths.app.report.path, element: <ReportRoute /> },
        ],
      },
    ],
  },
]);
`;

const { routes } = routesFromRouter(ROUTER, 'src/app/router.tsx');

/** A build shaped like Vite's manifest: the entry, a shared vendor chunk, the lazy layout, two screens. */
function build(sizes: Partial<Record<'entry' | 'vendor' | 'campaign' | 'home' | 'report' | 'charts', number>> = {}) {
  const kb = { entry: 60, vendor: 30, campaign: 5, home: 20, report: 10, charts: 50, ...sizes };
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: ['src/app/routes/app/campaign-root.tsx', 'src/app/routes/app/home.tsx', 'src/app/routes/app/report.tsx'],
    },
    '_vendor.js': { file: 'assets/vendor.js', name: 'vendor' },
    'src/app/routes/app/campaign-root.tsx': {
      file: 'assets/campaign-root.js',
      src: 'src/app/routes/app/campaign-root.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_vendor.js'],
    },
    'src/app/routes/app/home.tsx': {
      file: 'assets/home.js',
      src: 'src/app/routes/app/home.tsx',
      isDynamicEntry: true,
      imports: ['index.html', 'src/app/routes/app/campaign-root.tsx'],
    },
    'src/app/routes/app/report.tsx': {
      file: 'assets/report.js',
      src: 'src/app/routes/app/report.tsx',
      isDynamicEntry: true,
      imports: ['index.html', 'src/app/routes/app/campaign-root.tsx'],
      dynamicImports: ['src/features/report/components/profile-chart.tsx'],
    },
    'src/features/report/components/profile-chart.tsx': {
      file: 'assets/profile-chart.js',
      src: 'src/features/report/components/profile-chart.tsx',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
  };
  const files = {
    'assets/index.js': { gzip: kb.entry * 1024, sources: ['../../src/main.tsx', '../../../../node_modules/react-dom/index.js'] },
    'assets/vendor.js': { gzip: kb.vendor * 1024, sources: ['../../../../node_modules/react-router/dist/index.mjs'] },
    'assets/campaign-root.js': { gzip: kb.campaign * 1024, sources: ['../../src/app/routes/app/campaign-root.tsx'] },
    'assets/home.js': { gzip: kb.home * 1024, sources: ['../../src/app/routes/app/home.tsx'] },
    'assets/report.js': { gzip: kb.report * 1024, sources: ['../../src/app/routes/app/report.tsx'] },
    'assets/profile-chart.js': {
      gzip: kb.charts * 1024,
      sources: ['../../src/features/report/components/profile-chart.tsx', '../../../../node_modules/recharts/es6/chart/RadarChart.js'],
    },
  };
  return { manifest, files };
}

const CONTEXT = { signIn: 'auth.login', report: 'app.report', chartingLibrary: /(^|\/)node_modules\/recharts\// };
const BUDGETS = { signInKb: 100, routeKb: 180 };

function check(built: ReturnType<typeof build>, budgets: { signInKb: number; routeKb: number; routeKbOverrides?: Record<string, number> } = BUDGETS) {
  const measure = measureBuild({ ...built, routes, signIn: CONTEXT.signIn, report: CONTEXT.report });
  return { measure, problems: checkBudgets(measure, { ...built, ...CONTEXT, budgets }) };
}

describe('the routes, read from the router', () => {
  it('with the lazy components on the way to each, layouts first, and the eager sign-in page in the shell', () => {
    expect(routes).toEqual([
      { label: 'auth.login', element: 'LoginRoute', lazy: [], ownChunk: false },
      { label: 'index', element: 'HomeRoute', lazy: ['src/app/routes/app/campaign-root', 'src/app/routes/app/home'], ownChunk: true },
      { label: 'app.report', element: 'ReportRoute', lazy: ['src/app/routes/app/campaign-root', 'src/app/routes/app/report'], ownChunk: true },
    ]);
  });

  it("from the app's own router, which has the sign-in page and the report", () => {
    const own = routesFromRouter(readFileSync(new URL('../src/app/router.tsx', import.meta.url), 'utf8'), 'src/app/router.tsx').routes;
    expect(own.find((route) => route.label === 'auth.login')).toMatchObject({ element: 'LoginRoute' });
    expect(own.find((route) => route.label === 'app.report')?.lazy.at(-1)).toBe('src/app/routes/app/report');
  });

  it('given to the router as a constant of the file, as when written inline', () => {
    const asConstant = ROUTER.replace('export const router = createBrowserRouter([', 'export const routes: RouteObject[] = [').replace(
      /\]\);\n$/,
      '];\nexport const appRouter = () => createBrowserRouter(routes);\n',
    );
    expect(asConstant).toContain('createBrowserRouter(routes)');
    expect(routesFromRouter(asConstant, 'src/app/router.tsx').routes).toEqual(routes);
  });

  it("refuses a route's own `lazy` property, which it could not measure", () => {
    const withRouteLazy = ROUTER.replace('{ index: true, element: <HomeRoute /> }', "{ index: true, lazy: () => import('./routes/app/home') }");
    expect(() => routesFromRouter(withRouteLazy, 'src/app/router.tsx')).toThrow(/lazy/);
  });
});

describe('the size check', () => {
  it('passes a build within the budgets, counting the layout and the dynamic imports with each route', () => {
    const { measure, problems } = check(build());
    expect(problems).toEqual([]);
    const kb = Object.fromEntries(measure.routes.map((route) => [route.label, [route.beforeKb, route.totalKb]]));
    expect(measure.shellKb).toBe(90);
    expect(kb).toEqual({ 'auth.login': [90, 90], index: [95, 115], 'app.report': [95, 155] });
  });

  it("leaves a route's texts in another language, loaded on demand, out of its total and reports them apart", () => {
    const built = build();
    built.manifest['src/app/routes/app/home.tsx'] = { ...built.manifest['src/app/routes/app/home.tsx'], dynamicImports: ['src/locales/en/home.json'] };
    Object.assign(built.manifest, { 'src/locales/en/home.json': { file: 'assets/home-en.js', src: 'src/locales/en/home.json', isDynamicEntry: true } });
    Object.assign(built.files, { 'assets/home-en.js': { gzip: 12 * 1024, sources: ['../../src/locales/en/home.json'] } });
    const counted = measureBuild({ ...built, routes, signIn: CONTEXT.signIn, report: CONTEXT.report });
    expect(counted.routes.find((route) => route.label === 'index')?.totalKb).toBe(127);
    const apart = measureBuild({ ...built, routes, signIn: CONTEXT.signIn, report: CONTEXT.report, onDemand: ['src/locales/en/home.json'] });
    expect(apart.routes.find((route) => route.label === 'index')?.totalKb).toBe(115);
    expect(apart.onDemand.map(({ label, kb }) => [label, kb])).toEqual([['src/locales/en/home.json', 12]]);
  });

  it('fails when the sign-in page loads more than its budget before its own chunk', () => {
    const { problems } = check(build({ entry: 71 }));
    expect(problems).toEqual([expect.stringMatching(/sign-in page loads 101\.0 KB before its own chunk \(budget 100 KB\)/)]);
  });

  it('fails when a route loads more than its budget in all', () => {
    const { problems } = check(build({ report: 36 }));
    expect(problems).toEqual([expect.stringMatching(/route app\.report loads 181\.0 KB \(budget 180 KB\)/)]);
    expect(check(build({ report: 36 }), { ...BUDGETS, routeKbOverrides: { 'app.report': 190 } }).problems).toEqual([]);
  });

  it('fails when the charting library is in the shell', () => {
    const built = build();
    built.files['assets/vendor.js'].sources.push('../../../../node_modules/recharts/es6/index.js');
    expect(check(built).problems).toContainEqual(expect.stringMatching(/charting library is in assets\/vendor\.js, which every page loads/));
  });

  it('fails when the charting library is in a chunk that another route loads', () => {
    const built = build();
    // The chart moved into a chunk shared by the room and the report.
    built.manifest['src/app/routes/app/home.tsx'].imports.push('src/features/report/components/profile-chart.tsx');
    expect(check(built).problems).toEqual([expect.stringMatching(/charting library is in assets\/profile-chart\.js, which route index loads/)]);
  });

  it("fails when a screen's texts are in the shell, which the sign-in page loads", () => {
    const built = build();
    const screenTexts = /(^|\/)src\/locales\/(?!it\/translation\.json$)[\w-]+\/[\w-]+\.json$/;
    built.files['assets/vendor.js'].sources.push('../../src/locales/it/translation.json');
    const measure = measureBuild({ ...built, routes, signIn: CONTEXT.signIn, report: CONTEXT.report });
    expect(checkBudgets(measure, { ...built, ...CONTEXT, budgets: BUDGETS, screenTexts })).toEqual([]);
    built.files['assets/vendor.js'].sources.push('../../src/locales/it/room.json');
    expect(checkBudgets(measure, { ...built, ...CONTEXT, budgets: BUDGETS, screenTexts })).toEqual([
      'src/locales/it/room.json is in the shell, which every page loads',
    ]);
  });

  it('fails when the shell imports something dynamically that is no route of the router', () => {
    const built = build();
    built.manifest['index.html'].dynamicImports.push('src/features/report/components/profile-chart.tsx');
    expect(check(built).problems).toContainEqual(expect.stringMatching(/shell imports src\/features\/report\/components\/profile-chart\.tsx dynamically/));
  });

  it('fails when a lazy screen of the router is no chunk of the build', () => {
    const built = build();
    const { manifest } = built as { manifest: Record<string, unknown> };
    delete manifest['src/app/routes/app/report.tsx'];
    manifest['index.html'] = { ...built.manifest['index.html'], dynamicImports: ['src/app/routes/app/campaign-root.tsx', 'src/app/routes/app/home.tsx'] };
    expect(check(built).problems).toContainEqual(expect.stringMatching(/route app\.report: src\/app\/routes\/app\/report is not a chunk/));
  });
});
