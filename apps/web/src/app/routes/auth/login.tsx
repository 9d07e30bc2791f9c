import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { LoginForm } from '@/features/auth/components/login-form';
import { LanguageModal } from '@/features/campaigns/components/language-modal';
import { readFrom, readUsername } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignInFlow } from './use-sign-in-flow';

/** Sign in with e-mail and password, then the sign-in flow (use-sign-in-flow.ts). */
export function LoginRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.pageTitle'));
  const location = useLocation();
  const flow = useSignInFlow({ from: readFrom(location.state) });

  function afterLogin() {
    void flow.continueSignIn();
  }

  return (
    <CenteredLayout>
      <section className="card" aria-labelledby="login-title">
        <h1 id="login-title">{t('login.heading')}</h1>
        <p className="card__intro">{t('login.intro')}</p>
        <LoginForm
          defaultUsername={readUsername(location.state)}
          busy={flow.busy}
          onSuccess={afterLogin}
          onNoActiveCampaign={() => void flow.noActiveCampaign()}
        />
      </section>
      <LanguageModal {...flow.languageModal} />
    </CenteredLayout>
  );
}
