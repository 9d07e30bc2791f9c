import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLogin } from '@/features/auth/api/login';
import { LanguageModal } from '@/features/campaigns/components/language-modal';
import { useCheckToken } from '@/features/password-reset/api/check-token';
import { NewPasswordForm } from '@/features/password-reset/components/new-password-form';
import { hasErrorCode, isApiClientError } from '@/lib/api-client';
import type { LoginNotice, RedirectState } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignInFlow } from './use-sign-in-flow';
import '@/locales/it/password';

/** /new_password/:token/:email. Without both parameters there is nothing to do here. */
export function NewPasswordRoute() {
  const { token, email } = useParams();
  if (!token || !email) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <NewPasswordPage key={`${token}/${email}`} token={token} email={email} />;
}

/**
 * Checks the link first (a spinner only if that takes over 500 ms): an unknown user goes to /login,
 * a used or expired link to /login with the username filled in. After the change the user is signed in
 * with the new password and goes on through the usual sign-in flow.
 */
function NewPasswordPage({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('password');
  useDocumentTitle(t('newPassword.pageTitle'));
  const navigate = useNavigate();
  const check = useCheckToken({ email, token });
  const login = useLogin();
  const flow = useSignInFlow();

  const toLogin = (username?: string, notice?: LoginNotice) => {
    const state: RedirectState = { username, notice };
    void navigate(paths.auth.login.getHref(), { replace: true, state });
  };

  const answer = check.data;
  const malformed = check.isError && isApiClientError(check.error) && check.error.status === 400;
  async function signInWith({ username, password }: { username: string; password: string }) {
    notify({ type: 'success', title: t('newPassword.success') });
    try {
      await login.mutateAsync({ username, password });
      await flow.continueSignIn();
    } catch (error) {
      toLogin(username, hasErrorCode(error, 'NO_ACTIVE_CAMPAIGN') ? 'noActiveCampaign' : undefined);
    }
  }

  if (malformed || (answer?.status === false && answer.code === 'INVALID_USER')) {
    return <Navigate to={paths.auth.login.getHref()} replace />;
  }
  if (answer?.status === false) {
    const state: RedirectState = { username: answer.username, notice: answer.code === 'INVALID_TOKEN' ? 'linkExpired' : undefined };
    return <Navigate to={paths.auth.login.getHref()} replace state={state} />;
  }

  let content: ReactNode;
  if (check.isPending) {
    content = <PageSkeleton />;
  } else if (check.isError) {
    content = <LoadError message={t('newPassword.checkError')} onRetry={() => void check.refetch()} />;
  } else {
    content = (
      <NewPasswordForm
        email={email}
        token={token}
        busy={login.isPending || flow.busy}
        onSuccess={(result) => void signInWith(result)}
        onInvalidLink={(code) => toLogin(code === 'INVALID_TOKEN' ? email : undefined)}
      />
    );
  }

  return (
    <CenteredLayout>
      <section className="card" aria-labelledby="new-password-title">
        <h1 id="new-password-title">{t('newPassword.heading')}</h1>
        {content}
      </section>
      <LanguageModal {...flow.languageModal} />
    </CenteredLayout>
  );
}
