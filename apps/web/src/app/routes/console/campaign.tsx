import { idSchema } from '@prova/contract/common';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { CampaignPage } from '@/features/staff-console/components/campaign-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/campaigns/:campaignId: a campaign's live progress, invitations and exports. */
export function ConsoleCampaignRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('campaign.pageTitle'));
  const parsed = idSchema.safeParse(useParams().campaignId);
  if (!parsed.success) {
    return (
      <div className="console-page">
        <h1>{t('campaign.notFound')}</h1>
        <p>
          <Link to={paths.console.campaigns.getHref()}>{t('campaign.back')}</Link>
        </p>
      </div>
    );
  }
  // A new campaign is a new page: nothing (selection, filters) carries over.
  return <CampaignPage key={parsed.data} campaignId={parsed.data} />;
}
