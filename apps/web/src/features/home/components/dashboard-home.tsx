import { TestRoom } from '@/features/test-room/components/test-room';
import type { HomeProps } from './campaign-overview';

/** Dashboard layout: welcome and progress beside the list of tests (spec section 2, Dashboard). */
export function DashboardHome(props: HomeProps) {
  return <TestRoom {...props} mobileView="dashboard" />;
}
