import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { ChallengeLayout, LayoutLink } from '@prova/contract/layouts';
import type { UserTest } from '@prova/contract/tests';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { HtmlText } from '@/components/ui/html-text';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageSkeleton } from '@/components/ui/spinner';
import { ProgressBar } from '@/components/ui/time-bar';
import { useSaveCampaignStorage } from '@/lib/campaign-storage';
import { useEnterTest } from '@/lib/enter-test';
import { personalKey } from '@/lib/personal-storage';
import { useUserTests } from '@/lib/user-tests';
import { currentSectionIndex, isFresh, overallPercent, type SectionState, sectionPercent, sectionStates } from '../challenge-progress';
import './challenge.css';
import '@/locales/it/challenge';

type View = 'welcome' | 'tutorial' | 'section' | 'documents';

/** The person's flags (the storage falls back to the campaign data, whose `intro` is the welcome text). */
interface ChallengeFlags {
  hasSeenTutorial: boolean;
  introSeen: boolean;
}

/**
 * The sectioned layout under the branded challenge title: a welcome page and a tutorial the first time,
 * then the current section's activities; the documents page; at 100% the closing page with Exit.
 */
export function ChallengeHome({ campaign, user, onExit }: { campaign: Campaign; user: User; onExit: () => void }) {
  const { t } = useTranslation(['challenge', 'translation']);
  const query = useUserTests(campaign.id, { refetchOnMount: 'always' });
  const layout = campaign.layout?.kind === 'challenge' ? campaign.layout : null;
  const stored = (campaign.storage ?? {}) as Record<string, unknown>;
  const flags: ChallengeFlags = { hasSeenTutorial: stored.hasSeenTutorial === true, introSeen: stored.introSeen === true };
  const save = useSaveCampaignStorage(campaign);
  const [view, setView] = useState<View | null>(null);

  if (!layout) return null;
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <LoadError heading message={t('translation:home.loadError')} onRetry={() => void query.refetch()} />;

  const states = sectionStates(layout.sections, query.data);
  const percent = overallPercent(states);
  const initial: View = isFresh(states) && !flags.introSeen ? 'welcome' : 'section';
  const shown = view ?? initial;
  const finishTutorial = () => {
    if (!flags.hasSeenTutorial || !flags.introSeen) save.mutate({ hasSeenTutorial: true, introSeen: true });
    setView('section');
  };

  return (
    <div className="challenge">
      <ChallengeHeader
        layout={layout}
        states={states}
        percent={percent}
        fullName={`${user.firstName} ${user.lastName}`.trim()}
        onExit={onExit}
        onDocuments={() => setView('documents')}
        onTutorial={() => setView('tutorial')}
      />
      <CompletedModal campaignId={campaign.id} userId={user.id} tests={query.data} />
      {percent === 100 && shown !== 'documents' ? (
        <section className="challenge__page" aria-label={layout.title}>
          <HtmlText html={layout.outro} />
          <Button onClick={onExit}>{t('challenge.exit')}</Button>
        </section>
      ) : shown === 'welcome' ? (
        <section className="challenge__page" aria-label={layout.title}>
          <HtmlText html={layout.intro} />
          <Button onClick={() => (flags.hasSeenTutorial ? finishTutorial() : setView('tutorial'))}>{t('challenge.start')}</Button>
        </section>
      ) : shown === 'tutorial' ? (
        <Tutorial onDone={finishTutorial} />
      ) : shown === 'documents' ? (
        <Documents links={layout.links} onBack={() => setView('section')} />
      ) : (
        <SectionPage
          state={states[currentSectionIndex(states)]}
          index={currentSectionIndex(states)}
          total={states.length}
          tests={query.data}
        />
      )}
    </div>
  );
}

function ChallengeHeader({
  layout,
  states,
  percent,
  fullName,
  onExit,
  onDocuments,
  onTutorial,
}: {
  layout: ChallengeLayout;
  states: SectionState[];
  percent: number;
  fullName: string;
  onExit: () => void;
  onDocuments: () => void;
  onTutorial: () => void;
}) {
  const { t } = useTranslation(['challenge', 'translation']);
  const current = states[currentSectionIndex(states)];
  return (
    <header className="challenge__header">
      <div className="challenge__heading">
        <h1>{layout.title}</h1>
        {current && <p className="challenge__motivation">{current.section.motivation}</p>}
      </div>
      <div className="challenge__status">
        <PercentRing percent={percent} label={t('challenge.overall')} valueText={t('challenge.overallValue', { percent })} />
        <ol className="challenge__icons">
          {states.map((state, i) => (
            <li key={state.section.id} className={state.complete ? 'is-complete' : undefined}>
              <span aria-hidden="true">{i + 1}</span>
              <span className="visually-hidden">
                {t('challenge.sectionIcon', { n: i + 1, name: state.section.name })}:{' '}
                {state.complete ? t('challenge.sectionDone') : t('challenge.sectionTodo')}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <div className="challenge__tools">
        <Button variant="secondary" onClick={onDocuments}>
          {t('challenge.documents')}
        </Button>
        <Button variant="ghost" onClick={onTutorial}>
          {t('challenge.rewatchTutorial')}
        </Button>
        <span className="challenge__person">{fullName}</span>
        <Button variant="ghost" onClick={onExit}>
          {t('challenge.exit')}
        </Button>
      </div>
    </header>
  );
}

const RADIUS = 15.9155; // circumference 100: the dash length is the percentage

function PercentRing({ percent, label, valueText }: { percent: number; label: string; valueText: string }) {
  return (
    <div className="challenge__ring" role="img" aria-label={`${label}: ${valueText}`}>
      <svg viewBox="0 0 36 36" aria-hidden="true">
        <circle cx="18" cy="18" r={RADIUS} className="challenge__ring-track" />
        <circle
          cx="18"
          cy="18"
          r={RADIUS}
          className="challenge__ring-fill"
          strokeDasharray={`${percent} ${100 - percent}`}
          strokeDashoffset="25"
        />
      </svg>
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}

function SectionPage({ state, index, total, tests }: { state: SectionState; index: number; total: number; tests: UserTest[] }) {
  const { t } = useTranslation(['challenge', 'translation']);
  const headingId = useId();
  const [open, setOpen] = useState<UserTest | null>(null);
  const start = useEnterTest();
  const statusOf = (test: UserTest) =>
    test.status === 'complete'
      ? t('challenge.testDone')
      : test.missingPrerequisites.length
        ? t('challenge.testLocked')
        : test.status === 'incomplete'
          ? t('challenge.testInProgress')
          : t('challenge.testOpen');
  const missing = (test: UserTest) => test.missingPrerequisites.map((id) => tests.find((x) => x.id === id)?.name ?? `#${id}`);
  return (
    <section className="challenge__page" aria-labelledby={headingId}>
      <p className="challenge__eyebrow">{t('challenge.sectionOf', { n: index + 1, total })}</p>
      <h2 id={headingId}>{state.section.name}</h2>
      <ProgressBar className="challenge__section-bar" label={t('challenge.sectionProgress')} percent={sectionPercent(state)} />
      <p>{state.section.description}</p>
      <ul className="challenge__cards">
        {state.tests.map((test) => (
          <li key={test.id}>
            <button
              type="button"
              className={`challenge__card challenge__card--${test.status.replace(' ', '-')}`}
              onClick={() => setOpen(test)}
            >
              <span className="challenge__card-name">{test.name}</span>
              <span className="challenge__card-status">{statusOf(test)}</span>
            </button>
          </li>
        ))}
      </ul>
      {state.section.links.length > 0 && <LinkCards links={state.section.links} title={t('challenge.links')} />}
      <Modal
        open={open !== null}
        title={open?.name ?? ''}
        onClose={() => setOpen(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              {t('challenge.close')}
            </Button>
            {open && open.status !== 'complete' && open.canStart && <Button onClick={() => start(open)}>{t('challenge.startTest')}</Button>}
          </>
        }
      >
        {open && (
          <>
            <h3>{t('challenge.description')}</h3>
            <HtmlText html={open.description} />
            <h3>{t('challenge.instructions')}</h3>
            <HtmlText html={open.instructions} />
            {open.missingPrerequisites.length > 0 && <p>{t('challenge.lockedBy', { names: missing(open).join(', ') })}</p>}
          </>
        )}
      </Modal>
    </section>
  );
}

function LinkCards({ links, title }: { links: LayoutLink[]; title: string }) {
  const { t } = useTranslation(['challenge', 'translation']);
  return (
    <section className="challenge__links" aria-label={title}>
      <h3>{title}</h3>
      <ul className="challenge__link-cards">
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url} target="_blank" rel="noopener noreferrer" className="challenge__link-card">
              <span className="challenge__link-label">{link.label}</span>
              {link.description && <span className="challenge__link-description">{link.description}</span>}
              <span className="visually-hidden"> {t('challenge.opensNewTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Documents({ links, onBack }: { links: ChallengeLayout['links']; onBack: () => void }) {
  const { t } = useTranslation(['challenge', 'translation']);
  const headingId = useId();
  const list = (items: LayoutLink[], className: string) => (
    <ul className={className}>
      {items.map((link) => (
        <li key={link.url}>
          <a href={link.url} target="_blank" rel="noopener noreferrer" className="button button--secondary">
            {link.label}
            <span className="visually-hidden"> {t('challenge.opensNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="challenge__page" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('challenge.documentsTitle')}</h2>
      <h3>{t('challenge.corporate')}</h3>
      {list(links.corporate, 'challenge__buttons')}
      <h3>{t('challenge.news')}</h3>
      {list(links.news, 'challenge__buttons')}
      {links.cards.length > 0 && <LinkCards links={links.cards} title={t('challenge.links')} />}
      <Button variant="ghost" onClick={onBack}>
        {t('challenge.back')}
      </Button>
    </section>
  );
}

function Tutorial({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['challenge', 'translation']);
  const steps = t('challenge.tutorialSteps', { returnObjects: true }) as string[];
  const [step, setStep] = useState(0);
  const headingId = useId();
  const last = step === steps.length - 1;
  return (
    <section className="challenge__page challenge__tutorial" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('challenge.tutorialTitle')}</h2>
      <p className="challenge__eyebrow">{t('challenge.stepOf', { n: step + 1, total: steps.length })}</p>
      <p aria-live="polite">{steps[step]}</p>
      <Button onClick={() => (last ? onDone() : setStep(step + 1))}>{last ? t('challenge.begin') : t('challenge.next')}</Button>
    </section>
  );
}

/** When the number of completed tests has changed since the last visit, a modal says so. */
function CompletedModal({ campaignId, userId, tests }: { campaignId: number; userId: number; tests: UserTest[] }) {
  const { t } = useTranslation(['challenge', 'translation']);
  const done = tests.filter((test) => test.status === 'complete').length;
  const key = personalKey('challenge', userId, campaignId, 'completed');
  const [show, setShow] = useState(false);
  useEffect(() => {
    const seen = Number(localStorage.getItem(key) ?? String(done));
    if (done !== seen) setShow(true);
    localStorage.setItem(key, String(done));
  }, [done, key]);
  return (
    <Modal
      open={show}
      title={t('challenge.completedTitle')}
      onClose={() => setShow(false)}
      footer={<Button onClick={() => setShow(false)}>{t('challenge.continue')}</Button>}
    >
      <p>{t('challenge.completedText', { done, total: tests.length })}</p>
    </Modal>
  );
}
