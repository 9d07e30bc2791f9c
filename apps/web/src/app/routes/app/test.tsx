import { TestContainer } from '@/features/test-container/components/test-container';
import { useCampaignContext } from './campaign-root';

/** /test: the current test. */
export function TestRoute() {
  const { user, campaign } = useCampaignContext();
  return <TestContainer user={user} campaign={campaign} />;
}
