import type { CampaignTheme } from '@prova/contract/campaigns';
import type { ComponentType } from 'react';
import { AgendaHome } from './agenda-home';
import { AssessorHome } from './assessor-home';
import type { HomeProps } from './campaign-overview';
import { ChallengeHome } from './challenge-home';
import { DashboardHome } from './dashboard-home';

const HOME_BY_THEME: Record<CampaignTheme, ComponentType<HomeProps>> = {
  dashboard: DashboardHome,
  agenda: AgendaHome,
  challenge: ChallengeHome,
  assessor: AssessorHome,
};

/** Spec section 6: the role name 'Assessor' selects the assessor theme; others get the campaign's. */
export function homeThemeFor({ campaign, user }: HomeProps): CampaignTheme {
  return user.role.name === 'Assessor' ? 'assessor' : campaign.theme;
}

/** The home page (/) depends on the campaign theme (spec section 2). */
export function CampaignHome(props: HomeProps) {
  const Home = HOME_BY_THEME[homeThemeFor(props)];
  return <Home {...props} />;
}
