import { CampaignOverview, type HomeProps } from './campaign-overview';

/** Sectioned layout under the branded challenge title (spec section 2, Sectioned screens). For now: the campaign overview. */
export function ChallengeHome(props: HomeProps) {
  return <CampaignOverview {...props} theme="challenge" />;
}
