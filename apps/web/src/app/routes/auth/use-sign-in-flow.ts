import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '@/components/ui/notifications/notifications-store';
import { paths } from '@/config/paths';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { useLogout } from '@/features/auth/api/logout';
import { campaignsQueryOptions } from '@/features/campaigns/api/get-campaigns';
import type { LanguageModalProps } from '@/features/campaigns/components/language-modal';
import { useEnterCampaign } from '@/features/campaigns/hooks/use-enter-campaign';
import { isApiClientError } from '@/lib/api-client';
import type { RedirectState } from '@/lib/redirect';

/**
 * What follows a successful sign-in, whichever way it happened (password, new password):
 * load the profile, then the campaigns. None -> log out and say so (staff: the console); one -> enter it (asking the language
 * if needed); several -> the campaign picker. Entering leads to /privacy or to the page first asked for.
 * Render `<LanguageModal {...flow.languageModal} />` next to the page that uses it.
 */
export function useSignInFlow({ from }: { from?: string } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const entry = useEnterCampaign({ from });
  const [busy, setBusy] = useState(false);

  async function noActiveCampaign() {
    await logout.mutateAsync({ redirect: false });
    const state: RedirectState = { notice: 'noActiveCampaign' };
    void navigate(paths.auth.login.getHref(), { replace: true, state });
  }

  /** Runs the flow for the session that has just begun; never rejects. */
  async function continueSignIn() {
    setBusy(true);
    try {
      const user = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      if (!user) throw new Error('No session after login');
      const campaigns = await queryClient.fetchQuery({ ...campaignsQueryOptions(), staleTime: 0 });
      if (campaigns.length === 0 && user.permissions.includes('staff')) {
        // Staff run campaigns without taking part in one: the console is their place.
        const consoleHref = paths.console.root.getHref();
        void navigate(from?.startsWith(consoleHref) ? from : consoleHref, { replace: true });
      } else if (campaigns.length === 0) {
        await noActiveCampaign();
      } else if (campaigns.length === 1) {
        await entry.enter(campaigns[0], user);
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

  const languageModal: LanguageModalProps = {
    campaign: entry.choosingLanguageFor,
    isPending: entry.isPending,
    onConfirm: (lang) => void entry.chooseLanguage(lang),
    onCancel: () => {
      // Leaving the choice ends the sign-in: the session has no campaign to work in.
      entry.cancelLanguageChoice();
      void logout.mutateAsync({ redirect: false });
    },
  };

  return {
    continueSignIn,
    noActiveCampaign,
    /** The profile, the campaigns or the campaign selection are loading. */
    busy: busy || entry.isPending,
    languageModal,
  };
}
