import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { notify } from '@/components/ui/notifications/notifications-store';
import { paths } from '@/config/paths';
import { meQueryOptions } from '@/features/auth/api/get-me';
import type { LoginAnswer } from '@/features/auth/api/login';
import { useLogout } from '@/features/auth/api/logout';
import { LoginForm } from '@/features/auth/components/login-form';
import { campaignsQueryOptions } from '@/features/campaigns/api/get-campaigns';
import { LanguageModal } from '@/features/campaigns/components/language-modal';
import { useEnterCampaign } from '@/features/campaigns/hooks/use-enter-campaign';
import { isApiClientError } from '@/lib/api-client';
import { readFrom, readUsername, type RedirectState } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The sign-in flow (spec section 4): log in, load the profile, then the campaigns.
 * None -> log out and say so; one -> enter it (asking the language if needed);
 * several -> the campaign picker. Entering leads to /privacy or to the page first asked for.
 */
export function LoginRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.pageTitle'));
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const from = readFrom(location.state);
  const logout = useLogout();
  const entry = useEnterCampaign({ from });
  const [busy, setBusy] = useState(false);

  async function noActiveCampaign() {
    await logout.mutateAsync({ redirect: false });
    notify({ type: 'error', title: t('errors.noActiveCampaign') });
  }

  async function afterLogin(answer: LoginAnswer) {
    if ('token' in answer) {
      // A password must be set first.
      void navigate(paths.auth.newPassword.getHref(answer.token, answer.email));
      return;
    }
    setBusy(true);
    try {
      const user = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      if (!user) throw new Error('No session after login');
      const campaigns = await queryClient.fetchQuery({ ...campaignsQueryOptions(), staleTime: 0 });
      if (campaigns.length === 0) {
        await noActiveCampaign();
      } else if (campaigns.length === 1) {
        await entry.enter(campaigns[0]);
      } else {
        const state: RedirectState = { from };
        void navigate(paths.selectCampaign.getHref(), { state });
      }
    } catch (error) {
      // Timeouts, offline and expired sessions were already announced by the API error listener.
      if (!isApiClientError(error) || error.kind === 'http' || error.kind === 'invalid-response') {
        notify({ type: 'error', title: t('login.cannotVerify') });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <CenteredLayout>
      <section className="card" aria-labelledby="login-title">
        <h1 id="login-title">{t('login.heading')}</h1>
        <p className="card__intro">{t('login.intro')}</p>
        <LoginForm
          defaultUsername={readUsername(location.state)}
          busy={busy || entry.isPending}
          onSuccess={(answer) => void afterLogin(answer)}
          onNoActiveCampaign={() => void noActiveCampaign()}
        />
      </section>
      <LanguageModal
        campaign={entry.choosingLanguageFor}
        isPending={entry.isPending}
        onConfirm={(lang) => void entry.chooseLanguage(lang)}
        onCancel={() => {
          // Leaving the choice ends the sign-in: the session has no campaign to work in.
          entry.cancelLanguageChoice();
          void logout.mutateAsync({ redirect: false });
        }}
      />
    </CenteredLayout>
  );
}
