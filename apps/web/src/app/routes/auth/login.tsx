import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { NoticePanel } from '@/components/ui/notice-panel';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { LanguageModal } from '@/features/campaigns/components/language-modal';
import { type LoginNotice, readFrom, readNotice, readUsername } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignInFlow } from './use-sign-in-flow';

/** Sign in with e-mail and password, then the sign-in flow (use-sign-in-flow.ts). */
export function LoginRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.pageTitle'));
  const location = useLocation();
  const flow = useSignInFlow({ from: readFrom(location.state) });
  // Someone without a password yet: the server has mailed them the link to choose one.
  const [mustSetPasswordFor, setMustSetPasswordFor] = useState<string | null>(null);

  function afterLogin() {
    void flow.continueSignIn();
  }

  return (
    <CenteredLayout>
      <section className="card" aria-labelledby="login-title">
        <h1 id="login-title">{t('login.heading')}</h1>
        <p className="card__intro">{t('login.intro')}</p>
        {mustSetPasswordFor ? (
          <PasswordMustBeSetPanel email={mustSetPasswordFor} />
        ) : (
          <LoginNoticePanel notice={readNotice(location.state)} />
        )}
        <LoginForm
          defaultUsername={readUsername(location.state)}
          busy={flow.busy}
          onSuccess={afterLogin}
          onNoActiveCampaign={() => void flow.noActiveCampaign()}
          onPasswordMustBeSet={setMustSetPasswordFor}
        />
      </section>
      <LanguageModal {...flow.languageModal} />
    </CenteredLayout>
  );
}

/** The account has no password yet: the link to choose one is in the mail just sent. */
function PasswordMustBeSetPanel({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <NoticePanel
      tone="warning"
      title={t('login.notice.passwordMustBeSet.title')}
      actions={<Link to={paths.auth.reset.getHref()}>{t('login.notice.passwordMustBeSet.action')}</Link>}
    >
      <p>{t('login.notice.passwordMustBeSet.body', { email })}</p>
    </NoticePanel>
  );
}

/** Why the person is back here, with what to do next: it stays until they sign in. */
function LoginNoticePanel({ notice }: { notice: LoginNotice | undefined }) {
  const { t } = useTranslation();
  switch (notice) {
    case 'noActiveCampaign':
      return (
        <NoticePanel tone="warning" title={t('errors.noActiveCampaign')}>
          <p>{t('login.notice.noActiveCampaign.body')}</p>
        </NoticePanel>
      );
    case 'sessionExpired':
      return (
        <NoticePanel tone="warning" title={t('errors.sessionExpired.title')}>
          <p>{t('errors.sessionExpired.message')}</p>
          <p>{t('login.notice.sessionExpired.body')}</p>
        </NoticePanel>
      );
    case 'linkExpired':
      return (
        <NoticePanel
          tone="warning"
          title={t('login.notice.linkExpired.title')}
          actions={<Link to={paths.auth.reset.getHref()}>{t('login.notice.linkExpired.action')}</Link>}
        >
          <p>{t('login.notice.linkExpired.body')}</p>
        </NoticePanel>
      );
    case undefined:
      return null;
  }
}
