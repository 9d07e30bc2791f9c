import { StartTest } from '@/features/test-room/components/start-test';
import { useCampaignContext } from './campaign-root';

/** /start: the current test's introduction; without a current test it goes to the room. */
export function StartRoute() {
  const { user, campaign } = useCampaignContext();
  return (
    <div className="page">
      <StartTest user={user} campaign={campaign} />
    </div>
  );
}
