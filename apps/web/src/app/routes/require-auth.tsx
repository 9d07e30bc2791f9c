import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { Button } from '@/components/ui/button';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-me';
import { locationToFrom, type RedirectState } from '@/lib/redirect';

/** Private routes: nobody signed in -> /login, remembering where the user was going. */
export function RequireAuth() {
  const { t } = useTranslation();
  const location = useLocation();
  const me = useUser();

  if (me.isPending) {
    return (
      <CenteredLayout>
        <PageSkeleton />
      </CenteredLayout>
    );
  }
  if (me.isError) {
    return (
      <CenteredLayout>
        <div className="card" role="alert">
          <h1>{t('errors.generic.title')}</h1>
          <p>{t('errors.generic.message')}</p>
          <Button onClick={() => void me.refetch()}>{t('common.retry')}</Button>
        </div>
      </CenteredLayout>
    );
  }
  if (!me.data) {
    const state: RedirectState = { from: locationToFrom(location) };
    return <Navigate to={paths.auth.login.getHref()} replace state={state} />;
  }
  return <Outlet />;
}
