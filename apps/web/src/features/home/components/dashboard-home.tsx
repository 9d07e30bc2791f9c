import { CampaignOverview, type HomeProps } from './campaign-overview';

/** Dashboard layout: welcome and progress beside the list of tests (spec section 2, Dashboard). For now: the campaign overview. */
export function DashboardHome(props: HomeProps) {
  return <CampaignOverview {...props} theme="dashboard" />;
}
