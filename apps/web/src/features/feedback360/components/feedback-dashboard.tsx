import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import { type Relation, SELF_RELATION_ID } from '@prova/contract/feedback360';
import { TEST_360_ID } from '@prova/contract/limits';
import { statusVersion } from '@prova/contract/tests';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CampaignFinished } from '@/components/ui/campaign-finished';
import { HtmlText } from '@/components/ui/html-text';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageSkeleton } from '@/components/ui/spinner';
import { CampaignTimeBar, ProgressBar } from '@/components/ui/time-bar';
import { paths } from '@/config/paths';
import { DATE_FORMATS, toDateTimeAttribute, useFormatDate } from '@/lib/dates';
import { useQueue } from '@/lib/sending-queue-context';
import { useUserTests } from '@/lib/user-tests';
import { useRelations } from '../api/feedback360';
import { readLocalEvaluations } from '../hooks/evaluation-backup';
import './feedback360.css';
import '@/locales/it/feedback360';

type Tab = 'all' | 'pending';
const ACTION = { n: 'start', p: 'continue', y: 'edit' } as const;

/**
 * /skillup-360: whom the person evaluates, how far they are, the campaign's explanations and deadline.
 * Opening it starts the 360 test in the room; the server completes it when every evaluation is done.
 */
export function FeedbackDashboard({ campaign, user }: { campaign: Campaign; user: User }) {
  const { t } = useTranslation('feedback360');
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const query = useRelations(campaign.id);
  const [tab, setTab] = useState<Tab>('all');
  const [asking, setAsking] = useState<Relation | null>(null);
  const titleId = useId();
  const summaryId = useId();
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ all: null, pending: null });
  useMarkStarted(campaign.id, user.id);

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <LoadError heading message={t('feedback360.loadError')} onRetry={() => void query.refetch()} />;

  // Answers still travelling from this browser count already.
  const local = readLocalEvaluations(user.id, campaign.id);
  const relations = query.data.result.map((relation) => {
    const mine = local[relation.id];
    return mine && mine.version > relation.version ? { ...relation, user_is_evaluated: mine.status } : relation;
  });
  const done = relations.filter((r) => r.user_is_evaluated === 'y').length;
  const percent = relations.length ? Math.round((done / relations.length) * 100) : 0;
  const shown = tab === 'all' ? relations : relations.filter((r) => r.user_is_evaluated !== 'y');
  const hasSelf = relations.some((r) => r.relationId === SELF_RELATION_ID);
  const hasOthers = relations.some((r) => r.relationId !== SELF_RELATION_ID);
  const { labels } = query.data;

  const open = (relation: Relation) => void navigate(paths.app.evaluation360.getHref(relation.id));
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: Tab = tab === 'all' ? 'pending' : 'all';
    setTab(next);
    tabs.current[next]?.focus();
  };
  const nameOf = (r: Relation) =>
    r.relationId === SELF_RELATION_ID ? t('feedback360.selfEvaluation') : `${r.firstName} ${r.lastName}`.trim();

  return (
    <div className="feedback" aria-labelledby={titleId} role="region">
      <h1 id={titleId}>{t('feedback360.heading')}</h1>
      <div className="feedback__layout">
        <section className="feedback__summary" aria-labelledby={summaryId}>
          <h2 id={summaryId}>{t('feedback360.summaryTitle')}</h2>
          <HtmlText html={labels.details_360} />
          {hasSelf && <HtmlText html={labels.details_auto} />}
          {hasOthers && <HtmlText html={labels.details_etero} />}
          <p className="feedback__count">
            <span className="visually-hidden">{t('feedback360.completedLabel')}: </span>
            {t('feedback360.completed', { done, total: relations.length })}
          </p>
          <ProgressBar
            className="feedback__done"
            label={t('feedback360.completedLabel')}
            percent={percent}
            valueText={t('feedback360.percent', { percent })}
          />
          {/* A deadline and the time gone by mean nothing once the campaign is over. */}
          {campaign.phase === 'open' && (
            <>
              <p>
                {t('feedback360.deadline')}:{' '}
                <time dateTime={toDateTimeAttribute(campaign.dateEnd)}>{formatDate(campaign.dateEnd, DATE_FORMATS.dateTime)}</time>
              </p>
              <CampaignTimeBar start={campaign.dateStart} end={campaign.dateEnd} />
            </>
          )}
          {relations.length > 0 && done === relations.length && <CampaignFinished campaign={campaign} />}
        </section>

        <section className="feedback__people">
          <div role="tablist" aria-label={t('feedback360.tabsLabel')} className="feedback__tabs">
            {(['all', 'pending'] as const).map((key) => (
              <button
                key={key}
                ref={(el) => {
                  tabs.current[key] = el;
                }}
                type="button"
                role="tab"
                id={`${titleId}-${key}`}
                aria-selected={tab === key}
                aria-controls={`${titleId}-panel`}
                tabIndex={tab === key ? 0 : -1}
                className="feedback__tab"
                onClick={() => setTab(key)}
                onKeyDown={onTabKey}
              >
                {t(key === 'all' ? 'feedback360.tabAll' : 'feedback360.tabPending')}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${titleId}-panel`} aria-labelledby={`${titleId}-${tab}`}>
            {shown.length === 0 ? (
              <p className="feedback__empty">{relations.length ? t('feedback360.allDone') : t('feedback360.empty')}</p>
            ) : (
              <ul className="feedback__list">
                {shown.map((relation) => {
                  const action = t(`feedback360.${ACTION[relation.user_is_evaluated]}`);
                  const name = nameOf(relation);
                  return (
                    <li key={relation.id} className="feedback__person">
                      <span className="feedback__name">{name}</span>
                      {relation.label !== name && <span className="feedback__label">{relation.label}</span>}
                      <Button
                        variant={relation.user_is_evaluated === 'y' ? 'secondary' : 'primary'}
                        aria-label={t('feedback360.actionFor', { action, name })}
                        onClick={() => (relation.user_is_evaluated === 'n' ? setAsking(relation) : open(relation))}
                      >
                        {action}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </section>
      </div>
      <Modal
        open={asking !== null}
        title={t('feedback360.confirmTitle')}
        onClose={() => setAsking(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              {t('feedback360.no')}
            </Button>
            <Button onClick={() => asking && open(asking)}>{t('feedback360.yes')}</Button>
          </>
        }
      >
        <p>{asking ? nameOf(asking) : ''}</p>
      </Modal>
    </div>
  );
}

/** Opening the dashboard moves the 360 test from not attempted to incomplete (once). */
function useMarkStarted(campaignId: number, userId: number) {
  const queue = useQueue();
  const { data: tests } = useUserTests(campaignId);
  const status = tests?.find((test) => test.id === TEST_360_ID)?.status;
  useEffect(() => {
    if (status !== 'not attempted') return;
    void queue.enqueue({
      type: 'STATUS',
      campaignId,
      testId: TEST_360_ID,
      userId,
      version: statusVersion('incomplete'),
      status: 'incomplete',
    });
  }, [campaignId, queue, status, userId]);
}
