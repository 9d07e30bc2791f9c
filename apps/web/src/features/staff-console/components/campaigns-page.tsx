import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useStaffCampaigns } from '../api/get-staff-campaigns';
import { CampaignCounts, CampaignDates } from './campaign-facts';

/** The company's campaigns with their counts; each leads to its live progress. */
export function CampaignsPage() {
  const { t } = useTranslation('console');
  const campaigns = useStaffCampaigns();

  return (
    <div className="console-page">
      <div className="console-page__header">
        <h1>{t('campaigns.title')}</h1>
        <Link to={paths.console.import.getHref()} className="button button--secondary">
          {t('campaigns.importLink')}
        </Link>
      </div>
      {campaigns.isPending ? (
        <PageSkeleton />
      ) : campaigns.isError ? (
        <LoadError message={t('campaigns.loadError')} onRetry={() => void campaigns.refetch()} />
      ) : campaigns.data.length === 0 ? (
        <p className="console-empty">{t('campaigns.empty')}</p>
      ) : (
        <ul className="console-campaigns">
          {campaigns.data.map((campaign) => (
            <li key={campaign.id} className="console-campaign">
              <h2 className="console-campaign__name">
                <Link to={paths.console.campaign.getHref(campaign.id)}>{campaign.name}</Link>
              </h2>
              <CampaignDates campaign={campaign} />
              <CampaignCounts campaign={campaign} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
