// The sign-in page rendered at build time (scripts/prerender-login.mjs writes it into dist/login.html, which the
// server sends for GET /login): on a slow phone the form then shows once the HTML and the CSS have arrived, instead
// of after the scripts have been downloaded and run (docs/performance.md). The same components as the app's /login
// (Root's layout and LoginRoute), in Italian, signed out: main.tsx hydrates it, which needs the app's first render to
// give the same markup. Only what renders without a browser is imported here (no provider.tsx, no router.tsx).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LoginRoute } from '@/app/routes/auth/login';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { PageSkeleton } from '@/components/ui/spinner';
import { Root } from '@/app/routes/root';
import { paths } from '@/config/paths';
import { DEFAULT_UI_LANG, i18n } from '@/lib/i18n';
import { documentTitle } from '@/lib/use-document-title';

export interface Prerendered {
  /** What goes inside <div id="root">. */
  html: string;
  /** The page's <title>, as the app sets it. */
  title: string;
}

export function renderLogin(): Prerendered {
  if (i18n.language !== DEFAULT_UI_LANG) throw new Error(`The sign-in page is prerendered in ${DEFAULT_UI_LANG}, not ${i18n.language}`);
  const router = createMemoryRouter([{ element: <Root />, children: [{ path: paths.auth.login.path, element: <LoginRoute /> }] }], {
    initialEntries: [paths.auth.login.getHref()],
  });
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { html, title: documentTitle(i18n.t('login.pageTitle')) };
}

/**
 * What every other page of the app shows first, while the scripts arrive (the profile or the screen's chunk pending):
 * written into dist/index.html's <div id="root" data-loading>, so that a slow phone paints it with the CSS rather
 * than after the scripts have run. main.tsx replaces it (not hydrated: the app's first screen may differ).
 */
export function renderLoading(): string {
  if (i18n.language !== DEFAULT_UI_LANG) throw new Error(`The loading page is prerendered in ${DEFAULT_UI_LANG}, not ${i18n.language}`);
  return renderToString(
    <CenteredLayout>
      <PageSkeleton />
    </CenteredLayout>,
  );
}
