import type { AssessedPerson, AssessmentState, AssessorTest } from '@prova/contract/assessments';
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { HtmlText } from '@/components/ui/html-text';
import { CompleteIcon, IncompleteIcon, NotAttemptedIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { DATE_FORMATS, useFormatDate } from '@/lib/dates';
import { setCurrentTestId } from '@/lib/current-test';
import { useAssessments } from '../api/get-assessments';
import { useRatings } from '../api/ratings';
import { RatingsSection } from './ratings-section';
import './assessor-home.css';
import '@/locales/it/assessor';
import '@/lib/italian-articles';

const STATE_KEY = { 'not started': 'notStarted', 'in progress': 'inProgress', rated: 'rated' } as const satisfies Record<
  AssessmentState,
  string
>;
const STATE_ICON = { 'not started': NotAttemptedIcon, 'in progress': IncompleteIcon, rated: CompleteIcon } as const;
const ACTION_KEY = { 'not started': 'start', 'in progress': 'continue', rated: 'review' } as const;

/**
 * The assessor's home (assessors always get this layout): the people to assess in
 * this campaign, test by test, with how far the assessor is with each and one action per person.
 * No candidate counters and no test room: an assessor's work is the rating grids.
 */
export function AssessorHome({ campaign, user }: { campaign: Campaign; user: User }) {
  const { t } = useTranslation(['assessor', 'translation']);
  const titleId = useId();
  const navigate = useNavigate();
  const query = useAssessments(campaign.id);
  const formatDate = useFormatDate();
  // The answers to rate in QTI tests (items an assessor rates), beside the rating grids.
  const ratings = useRatings(campaign.id);

  // Prerequisites never hold an assessor back: the grid opens directly.
  const open = (testId: number) => {
    setCurrentTestId(testId);
    void navigate(paths.app.test.getHref());
  };

  const tests = query.data?.tests ?? [];
  const locked = query.data?.ratingsLocked ?? false;
  const reopenedUntil = query.data?.reopenedUntil ?? null;
  const people = tests.flatMap((test) => test.people);
  const done = people.filter((p) => p.state === 'rated').length;

  return (
    <section className="assessor-home" aria-labelledby={titleId}>
      <p className="assessor-home__eyebrow">{t('assessor.eyebrow')}</p>
      <h1 id={titleId}>{campaign.name}</h1>
      <p className="assessor-home__greeting">{t('translation:home.greeting', { name: user.firstName })}</p>
      <HtmlText html={campaign.description} className="assessor-home__description" />
      {query.isPending || ratings.isPending ? (
        <PageSkeleton />
      ) : query.isError || ratings.isError ? (
        <LoadError
          message={t('assessor.loadError')}
          onRetry={() => {
            if (query.isError) void query.refetch();
            if (ratings.isError) void ratings.refetch();
          }}
        />
      ) : tests.length === 0 && ratings.data.length === 0 ? (
        <p className="assessor-home__empty">{t('assessor.empty')}</p>
      ) : (
        <>
          {tests.length > 0 && <p className="assessor-home__summary">{t('assessor.summary', { count: done, total: people.length })}</p>}
          {locked && <p className="callout callout--info assessor-home__notice">{t('assessor.locked')}</p>}
          {reopenedUntil && (
            <p className="callout callout--info assessor-home__notice">
              {t('assessor.reopened', { until: formatDate(reopenedUntil, DATE_FORMATS.dateTime) })}
            </p>
          )}
          {tests.map((test) => (
            <AssessorTestSection key={test.testId} test={test} locked={locked} onOpen={() => open(test.testId)} />
          ))}
          <RatingsSection campaignId={campaign.id} tests={ratings.data} />
        </>
      )}
    </section>
  );
}

function AssessorTestSection({ test, locked, onOpen }: { test: AssessorTest; locked: boolean; onOpen: () => void }) {
  const { t } = useTranslation(['assessor', 'translation']);
  const headingId = useId();
  return (
    <section className="assessor-test" aria-labelledby={headingId}>
      <h2 id={headingId} className="assessor-test__name">
        {test.name}
      </h2>
      <HtmlText html={test.description} className="assessor-test__description" />
      <p className="assessor-test__criteria">{t('assessor.criteria', { count: test.criteria })}</p>
      <ul className="assessor-test__people">
        {test.people.map((person) => (
          <PersonRow key={person.id} person={person} criteria={test.criteria} locked={locked} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

/** One person to assess; once the ratings are locked, every grid can only be read again ('Rivedi'). */
function PersonRow({
  person,
  criteria,
  locked,
  onOpen,
}: {
  person: AssessedPerson;
  criteria: number;
  locked: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation(['assessor', 'translation']);
  const name = `${person.firstName} ${person.lastName}`.trim();
  const Icon = STATE_ICON[person.state];
  const action = t(`assessor.actions.${locked ? 'review' : ACTION_KEY[person.state]}`);
  return (
    <li className={`assessor-person assessor-person--${STATE_KEY[person.state]}`}>
      <span className="assessor-person__name">{name}</span>
      <span className="assessor-person__state">
        <Icon />
        <span>
          {t(`assessor.states.${STATE_KEY[person.state]}`)}
          {criteria > 0 && (
            <span className="assessor-person__progress"> · {t('assessor.progress', { rated: person.rated, total: criteria })}</span>
          )}
        </span>
      </span>
      <Button
        variant={person.state === 'rated' || locked ? 'secondary' : 'primary'}
        onClick={onOpen}
        aria-label={t('assessor.actionFor', { action, name })}
      >
        {action}
      </Button>
    </li>
  );
}
