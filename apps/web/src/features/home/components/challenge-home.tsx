import { CampaignOverview, type HomeProps } from './campaign-overview';

/** Sectioned layout under the branded challenge title (Sectioned screens). For now: the campaign overview. */
export function ChallengeHome(props: HomeProps) {
  return <CampaignOverview {...props} theme="challenge" />;
}
