import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { useUserTests } from '@/lib/user-tests';
import { useOpenTest } from '../hooks/use-open-test';
import { useTestSelection } from '../hooks/use-test-selection';
import { visibleTests } from '../rules/test-rules';
import { Dashboard } from './dashboard';
import { TestDetails } from './test-details';
import { TestList } from './test-list';
import './test-room.css';
import '@/locales/it/room';

export interface TestRoomProps {
  user: User;
  campaign: Campaign;
  /**
   * What a phone shows (max-width 600 px): the dashboard on /, the list on the
   * test-list route. Wider screens always show both columns.
   */
  mobileView: 'dashboard' | 'list';
}

/**
 * The dashboard layout of the test room (test room desktop and mobile): the welcome
 * and progress, or the details of the hovered or focused test, beside the list of tests.
 */
export function TestRoom({ user, campaign, mobileView }: TestRoomProps) {
  const { t } = useTranslation('room');
  const query = useUserTests(campaign.id);
  const selection = useTestSelection();
  const openTest = useOpenTest();

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    return (
      <div className="page--narrow">
        <LoadError message={t('room.loadError')} onRetry={() => void query.refetch()} heading />
      </div>
    );
  }

  const tests = visibleTests(query.data, campaign);
  const selected = tests.find((test) => test.id === selection.selectedId);

  return (
    <div className={`room room--mobile-${mobileView}`} onMouseLeave={selection.clear}>
      <h1 className="room__title">{campaign.name}</h1>
      {!campaign.acceptsAnswers && (
        <p className="callout room__closed" role="status">
          {t('room.campaignClosed')}
        </p>
      )}
      <div className="room__columns">
        <div className="room__main">
          {selected ? (
            <TestDetails test={selected} tests={tests} user={user} campaign={campaign} onStart={openTest} />
          ) : (
            <Dashboard user={user} campaign={campaign} tests={tests} />
          )}
        </div>
        <div className="room__list">
          <TestList
            tests={tests}
            user={user}
            selectedId={selected?.id ?? null}
            onPreview={selection.selectSoon}
            onPreviewCancel={selection.cancel}
            onOpen={openTest}
          />
        </div>
      </div>
    </div>
  );
}
