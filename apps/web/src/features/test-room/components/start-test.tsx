import { TEST_360_ID } from '@prova/contract/limits';
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { UserTest } from '@prova/contract/tests';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { BackIcon, ClockIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentTestId } from '@/lib/current-test';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isTimedTest, testDurationMinutes, useUserTests } from '@/lib/user-tests';
import type { StartPageState } from '../hooks/use-open-test';
import { missingPrerequisiteNames, startStateOf, testColor, visibleTests } from '../rules/test-rules';
import { HtmlText } from '@/components/ui/html-text';
import { StartRuleMessage } from './start-rule-message';
import { TestAvatar } from './test-avatar';
import { TimeLeft } from './time-left';
import './test-room.css';
import '@/locales/it/room';

/**
 * /start: the current test's introduction (start-test page): back button, name,
 * description, duration, instructions and the start button 'Entra', which opens the test (/test).
 * Without a current test it goes to /.
 */
export function StartTest({ user, campaign }: { user: User; campaign: Campaign }) {
  const { t } = useTranslation('room');
  const testId = useCurrentTestId();
  const query = useUserTests(campaign.id, { refetchOnMount: true });
  const test = query.data ? visibleTests(query.data, campaign).find((item) => item.id === testId) : undefined;
  useDocumentTitle(test?.name ?? t('start.pageTitle'));

  if (testId === null) return <Navigate to={paths.home.getHref()} replace />;
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    return (
      <div className="page--narrow">
        <LoadError message={t('room.loadError')} onRetry={() => void query.refetch()} heading />
      </div>
    );
  }
  if (!test) return <Navigate to={paths.home.getHref()} replace />;
  return <StartTestPage test={test} tests={query.data} user={user} campaign={campaign} />;
}

function StartTestPage({ test, tests, user, campaign }: { test: UserTest; tests: UserTest[]; user: User; campaign: Campaign }) {
  const { t } = useTranslation('room');
  const navigate = useNavigate();
  const location = useLocation();
  const instructionsId = useId();
  const from = (location.state as StartPageState | null)?.from;
  const state = startStateOf(test, user, campaign);
  const minutes = testDurationMinutes(test);
  const timed = isTimedTest(test);

  const goBack = () => void navigate(from && from !== paths.app.start.path ? from : paths.home.getHref());

  return (
    <article className="start-test" style={{ ['--test-color' as string]: testColor(test) }}>
      <Button variant="ghost" className="start-test__back" onClick={goBack}>
        <BackIcon />
        {t('start.back')}
      </Button>
      <header className="start-test__header">
        <TestAvatar test={test} size="large" />
        <h1 className="start-test__name">{test.name}</h1>
      </header>
      <HtmlText html={test.description} className="start-test__description" />
      <div className="start-test__duration">
        <ClockIcon />
        <div>
          <dl>
            <dt>{t('start.duration')}</dt>
            <dd>
              {timed && minutes !== undefined
                ? t('start.minutes', { count: minutes })
                : minutes !== undefined
                  ? t('start.untimedAbout', { count: minutes })
                  : t('start.untimed')}
            </dd>
          </dl>
          <TimeLeft test={test} className="start-test__time-left" />
          {timed && <p className="start-test__timed-note">{t('start.timedNote')}</p>}
        </div>
      </div>
      {test.instructions.trim() && (
        <section className="start-test__instructions" aria-labelledby={instructionsId}>
          <h2 id={instructionsId}>{t('start.instructions')}</h2>
          <HtmlText html={test.instructions} />
        </section>
      )}
      <div className="start-test__actions">
        {state === 'startable' ? (
          <Button
            className="start-test__enter"
            // The 360 is the platform's own pages, not an activity in a frame.
            onClick={() => void navigate(test.id === TEST_360_ID ? paths.app.skillup360.getHref() : paths.app.test.getHref())}
          >
            {t('start.enter')}
          </Button>
        ) : (
          <StartRuleMessage state={state} prerequisites={missingPrerequisiteNames(test, tests)} />
        )}
      </div>
    </article>
  );
}
