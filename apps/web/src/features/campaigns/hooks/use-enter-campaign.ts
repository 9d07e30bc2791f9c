import type { CampaignSummary } from '@prova/contract/campaigns';
import type { LangCode } from '@prova/contract/limits';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { RedirectState } from '@/lib/redirect';
import { useSelectCampaign } from '../api/select-campaign';

/**
 * A candidate must choose the content language when the campaign offers several and none was chosen
 * yet: it cannot change later. Assessors read the content in the campaign's
 * language and are not asked.
 */
function needsLanguageChoice(campaign: CampaignSummary, isAssessor: boolean): boolean {
  return !isAssessor && campaign.languages.length > 1 && campaign.user.lang == null;
}

/**
 * Entering a campaign: ask for the language when needed, select it, then go to
 * /privacy when consent is missing, otherwise to the page the user wanted (or /).
 */
export function useEnterCampaign({ from }: { from?: string } = {}) {
  const navigate = useNavigate();
  const select = useSelectCampaign();
  const [choosingLanguageFor, setChoosingLanguageFor] = useState<CampaignSummary | null>(null);

  async function confirm(campaign: CampaignSummary, lang: LangCode | undefined) {
    const answer = await select.mutateAsync({ campaignId: campaign.id, ...(lang ? { lang } : {}) });
    setChoosingLanguageFor(null);
    if (answer.privacy) {
      void navigate(from ?? paths.home.getHref(), { replace: true });
    } else {
      const state: RedirectState = { from };
      void navigate(paths.privacy.getHref(), { replace: true, state });
    }
  }

  /** Resolves once the campaign is selected (or the language modal is open); never rejects. */
  async function enter(campaign: CampaignSummary, user: { isAssessor: boolean } | null | undefined): Promise<void> {
    if (needsLanguageChoice(campaign, user?.isAssessor === true)) {
      setChoosingLanguageFor(campaign);
      return;
    }
    await confirm(campaign, campaign.user.lang ?? campaign.languages[0]?.lang).catch(() => undefined);
  }

  return {
    enter,
    /** The language modal is open for this campaign. */
    choosingLanguageFor,
    chooseLanguage: (lang: LangCode) =>
      choosingLanguageFor ? confirm(choosingLanguageFor, lang).catch(() => undefined) : Promise.resolve(),
    cancelLanguageChoice: () => setChoosingLanguageFor(null),
    isPending: select.isPending,
    error: select.error,
  };
}
