import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { UserTest } from '@prova/contract/tests';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, toDateTimeAttribute, useFormatDate } from '@/lib/dates';
import { CampaignTimeBar } from '@/components/ui/time-bar';
import { completionPercent } from '../rules/test-rules';
import { CampaignFinished } from '@/components/ui/campaign-finished';
import { HtmlText } from '@/components/ui/html-text';
import '@/locales/it/room';

/**
 * The welcome side of the room (Dashboard): greeting, completed out of total,
 * a completion pie, the campaign description (or the completion text once everything is done)
 * and the end date with a time-elapsed bar.
 */
export function Dashboard({ user, campaign, tests }: { user: User; campaign: Campaign; tests: UserTest[] }) {
  const { t } = useTranslation('room');
  const formatDate = useFormatDate();
  const titleId = useId();
  const completed = tests.filter((test) => test.status === 'complete').length;
  const percent = completionPercent(tests);
  const allDone = tests.length > 0 && completed === tests.length;
  const text = allDone && campaign.onCompleteText.trim() ? campaign.onCompleteText : campaign.description;

  return (
    <section className="dashboard" aria-labelledby={titleId}>
      <h2 id={titleId} className="dashboard__greeting">
        {t('room.greeting', { name: user.firstName || user.username })}
      </h2>
      <div className="dashboard__progress">
        <CompletionPie percent={percent} />
        <p className="dashboard__count">{t('room.completedCount', { completed, total: tests.length, count: tests.length })}</p>
      </div>
      <HtmlText html={text} className="dashboard__text" />
      {allDone && <CampaignFinished campaign={campaign} />}
      <div className="dashboard__deadline">
        <p className="dashboard__end">
          <span>{t('room.endDate')}</span>{' '}
          <time dateTime={toDateTimeAttribute(campaign.dateEnd)}>{formatDate(campaign.dateEnd, DATE_FORMATS.dateTime)}</time>
        </p>
        <CampaignTimeBar start={campaign.dateStart} end={campaign.dateEnd} />
      </div>
    </section>
  );
}

const RADIUS = 15.9155; // circumference 100: the dash length is the percentage

/** Completion as a ring chart; the picture carries its value as text for assistive technology. */
function CompletionPie({ percent }: { percent: number }) {
  const { t } = useTranslation('room');
  return (
    <div className="pie" role="img" aria-label={t('room.completionAlt', { percent })}>
      <svg viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle className="pie__track" cx="18" cy="18" r={RADIUS} />
        {percent > 0 && (
          <circle className="pie__value" cx="18" cy="18" r={RADIUS} strokeDasharray={`${percent} ${100 - percent}`} strokeDashoffset="25" />
        )}
      </svg>
      <span className="pie__label" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
