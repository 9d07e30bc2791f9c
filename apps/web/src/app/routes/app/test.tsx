import { TEST_360_ID } from '@prova/contract/limits';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { TestContainer } from '@/features/test-container/components/test-container';
import { getCurrentTestId } from '@/lib/current-test';
import { useCampaignContext } from './campaign-root';

/** /test: the current test; the 360 is the platform's own page, not an activity in a frame. */
export function TestRoute() {
  const { user, campaign } = useCampaignContext();
  if (getCurrentTestId() === TEST_360_ID) return <Navigate to={paths.app.skillup360.getHref()} replace />;
  return <TestContainer user={user} campaign={campaign} />;
}
