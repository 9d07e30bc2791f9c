import { CampaignOverview, type HomeProps } from './campaign-overview';

/** Assessors always get this layout (spec section 6). For now: the campaign overview. */
export function AssessorHome(props: HomeProps) {
  return <CampaignOverview {...props} theme="assessor" />;
}
