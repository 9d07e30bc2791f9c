import { CampaignHome } from '@/features/home/components/campaign-home';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCampaignContext } from './campaign-root';

/** / : the home of the selected campaign, by theme (spec section 2). */
export function HomeRoute() {
  const { user, campaign } = useCampaignContext();
  useDocumentTitle(campaign.name);
  return (
    <div className="page">
      <CampaignHome user={user} campaign={campaign} />
    </div>
  );
}
