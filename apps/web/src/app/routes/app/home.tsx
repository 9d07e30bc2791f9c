import type { User } from '@prova/contract/auth';
import type { Campaign, CampaignTheme } from '@prova/contract/campaigns';
import type { ComponentType } from 'react';
import { AgendaHome } from '@/features/agenda/components/agenda-home';
import { AssessorHome } from '@/features/assessor/components/assessor-home';
import { ChallengeHome } from '@/features/challenge/components/challenge-home';
import { TestRoom } from '@/features/test-room/components/test-room';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCampaignContext } from './campaign-root';

interface HomeProps {
  campaign: Campaign;
  user: User;
}

// The route composes features: each campaign theme has its own home.
const HOME_BY_THEME: Record<CampaignTheme, ComponentType<HomeProps & { onExit: () => void }>> = {
  dashboard: (props) => <TestRoom {...props} mobileView="dashboard" />,
  agenda: AgendaHome,
  challenge: ChallengeHome,
  assessor: AssessorHome,
};

/** The role name 'Assessor' selects the assessor theme; others get the campaign's. */
function homeThemeFor({ campaign, user }: HomeProps): CampaignTheme {
  return user.role.name === 'Assessor' ? 'assessor' : campaign.theme;
}

/** / : the home of the selected campaign, by theme. */
export function HomeRoute() {
  const { user, campaign, logout } = useCampaignContext();
  useDocumentTitle(campaign.name);
  const Home = HOME_BY_THEME[homeThemeFor({ user, campaign })];
  return (
    <div className="page">
      <Home user={user} campaign={campaign} onExit={logout} />
    </div>
  );
}
