import { type AgendaStorage, type MoveRefusal, moveTargets, parseDay, planMove, positionAfter } from '@prova/contract/agenda';
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { UserTest } from '@prova/contract/tests';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CampaignFinished } from '@/components/ui/campaign-finished';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageSkeleton } from '@/components/ui/spinner';
import { useSaveCampaignStorage } from '@/lib/campaign-storage';
import { genderOf, type GenderOptions } from '@/lib/gender';
import { useEnterTest } from '@/lib/enter-test';
import { useFormatDate } from '@/lib/dates';
import { useUserTests } from '@/lib/user-tests';
import { agendaStorageOf, agendaTests } from '../agenda-model';
import { ActivityPanel } from './activity-panel';
import { MonthGrid } from './month-grid';
import { type Preview, PreviewDialog } from './preview-dialog';
import { Tutorial } from './tutorial';
import './agenda.css';
import '@/locales/it/agenda';
import '@/lib/italian-articles';

/**
 * The agenda layout: the campaign's month with a test on some days, the activities beside it, and the
 * day the person is on. Only that day's test starts (after its preview message); tests still to come
 * move to other working days, by dragging or with 'Sposta', by the agenda's rules. Every change saves
 * the whole storage; a save that fails is undone.
 */
export function AgendaHome({ campaign, user }: { campaign: Campaign; user: User }) {
  const { t } = useTranslation(['agenda', 'translation']);
  const query = useUserTests(campaign.id, { refetchOnMount: 'always' });
  if (campaign.layout?.kind !== 'agenda') return null;
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <LoadError heading message={t('translation:home.loadError')} onRetry={() => void query.refetch()} />;
  return (
    <Agenda
      campaign={campaign}
      month={campaign.layout.month}
      video={campaign.layout.tutorialVideo}
      tests={query.data}
      gender={genderOf(user)}
    />
  );
}

const NO_DAYS: ReadonlySet<string> = new Set();

function Agenda({
  campaign,
  month,
  video,
  tests,
  gender,
}: {
  campaign: Campaign;
  month: string;
  video: string;
  tests: UserTest[];
  gender: GenderOptions;
}) {
  const { t } = useTranslation(['agenda', 'translation']);
  const formatDate = useFormatDate();
  const save = useSaveCampaignStorage(campaign);
  const [storage, setStorage] = useState<AgendaStorage>(() => agendaStorageOf(campaign.storage, tests));
  const [selected, setSelected] = useState<number | null>(() => storage.tests[storage.currentPosition] ?? null);
  const [moving, setMoving] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [preview, setPreview] = useState<UserTest | null>(null);
  const [completed, setCompleted] = useState<UserTest | null>(null);
  const [tutorial, setTutorial] = useState(() => !storage.hasSeenTutorial);
  // The test whose chip takes the keyboard's focus once a move ends (done, refused or cancelled): the buttons
  // that had it are gone by then.
  const [focusTest, setFocusTest] = useState<number | null>(null);
  const calendar = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const complete = new Set(tests.filter((test) => test.status === 'complete').map((test) => test.id));
  const prerequisites = new Map(tests.map((test) => [test.id, test.prerequisites]));
  const entries = agendaTests(storage, tests);
  const byId = new Map(tests.map((test) => [test.id, test]));
  const dayLabel = (day: string) => formatDate(parseDay(day), 'dd/MM/yyyy');

  /** Shows the change at once and saves it; a failed save puts the agenda back and says so. */
  const persist = (next: AgendaStorage, done?: string) => {
    const previous = storage;
    setStorage(next);
    setNotice(done ? { kind: 'info', text: done } : null);
    save.mutate(next, {
      onError: () => {
        setStorage(previous);
        setNotice({ kind: 'error', text: t('agenda.saveError') });
      },
    });
  };

  // Back from a finished test: the day moves on to the next test not done, with a word about it.
  useEffect(() => {
    const current = storage.tests[storage.currentPosition];
    if (current === undefined || !complete.has(current)) return;
    const next = positionAfter(storage.tests, storage.currentPosition, complete);
    if (next === storage.currentPosition) return;
    setCompleted(byId.get(current) ?? null);
    setSelected(storage.tests[next] ?? null);
    persist({ ...storage, currentPosition: next });
    // Once per completion: runs when the tests (or the day) change, not on every render.
  }, [storage.currentPosition, tests]);

  useEffect(() => {
    if (focusTest === null) return;
    calendar.current?.querySelector<HTMLElement>(`[data-agenda-test="${focusTest}"]`)?.focus();
    setFocusTest(null);
  }, [focusTest, storage]);
  // Into the month as a move starts: 'Sposta' gives way to the hint, and the first day offered is the next stop.
  useEffect(() => {
    if (moving !== null) calendar.current?.querySelector<HTMLElement>('.agenda__drop')?.focus();
  }, [moving]);
  const startOrStopMoving = (testId: number | null) => {
    if (testId === null && moving !== null) setFocusTest(moving);
    setMoving(testId);
  };

  const tryMove = (testId: number, target: string) => {
    const test = byId.get(testId);
    setMoving(null);
    setFocusTest(testId);
    // Put back on its own day (today's test kept today, a chip dropped where it was): nothing moves, nothing to save.
    if (storage.tests[target] === testId) return;
    const result = planMove({ storage, month, testId, target, prerequisites, complete });
    if (!result.ok) {
      setNotice({ kind: 'error', text: t(`agenda.refused.${result.reason satisfies MoveRefusal}`) });
      return;
    }
    persist({ ...storage, ...result.storage }, t('agenda.moved', { name: test?.name ?? '', date: dayLabel(target) }));
  };

  const selectedTest = selected === null ? undefined : byId.get(selected);
  const onToday = selected !== null && storage.tests[storage.currentPosition] === selected;
  const canStart = !!selectedTest && onToday && selectedTest.status !== 'complete' && selectedTest.canStart;
  const start = useEnterTest();
  const previewOf = (test: UserTest) => (test.theme?.preview ?? null) as Preview | null;
  const statusText = (test: UserTest) =>
    complete.has(test.id) ? t('agenda.statusDone') : test.missingPrerequisites.length ? t('agenda.statusLocked') : t('agenda.statusOpen');
  const allDone = entries.length > 0 && entries.every((entry) => complete.has(entry.test.id));

  return (
    <section className="agenda" aria-labelledby={titleId}>
      <div className="agenda__top">
        <h1 id={titleId}>{t('agenda.title')}</h1>
        <Button variant="ghost" onClick={() => setTutorial(true)}>
          {t('agenda.tutorial')}
        </Button>
      </div>
      {notice && (
        <p
          className={`callout ${notice.kind === 'error' ? 'callout--error' : ''} agenda__notice`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      {allDone && <p className="callout">{t('agenda.allDone')}</p>}
      {allDone && <CampaignFinished campaign={campaign} />}
      <div className="agenda__layout">
        <div className="agenda__calendar" ref={calendar}>
          <MonthGrid
            month={month}
            days={storage.tests}
            today={storage.currentPosition}
            byId={byId}
            complete={complete}
            selected={selected}
            moving={moving}
            targets={moving === null ? NO_DAYS : moveTargets({ storage, month, testId: moving, prerequisites, complete })}
            onSelect={setSelected}
            onMove={tryMove}
            dayLabel={dayLabel}
            statusText={statusText}
          />
        </div>

        <ActivityPanel
          entries={entries}
          selected={selectedTest}
          moving={moving}
          complete={complete}
          onSelect={setSelected}
          onMoving={startOrStopMoving}
          dayLabel={dayLabel}
          statusText={statusText}
        />
      </div>

      <footer className="agenda__footer">
        {!canStart && <p className="agenda__hint">{t('agenda.startHint')}</p>}
        <Button
          disabled={!canStart}
          onClick={() => selectedTest && (previewOf(selectedTest) ? setPreview(selectedTest) : start(selectedTest))}
        >
          {t('agenda.start')}
        </Button>
      </footer>

      <PreviewDialog test={preview} preview={preview ? previewOf(preview) : null} onClose={() => setPreview(null)} onStart={start} />
      <Modal
        open={completed !== null}
        title={t('agenda.completedTitle')}
        onClose={() => setCompleted(null)}
        footer={<Button onClick={() => setCompleted(null)}>{t('agenda.continue')}</Button>}
      >
        <p>{t('agenda.completedText', { name: completed?.name ?? '' })}</p>
      </Modal>
      <Tutorial
        open={tutorial}
        video={video}
        gender={gender}
        onDone={() => {
          setTutorial(false);
          if (!storage.hasSeenTutorial) persist({ ...storage, hasSeenTutorial: true });
        }}
      />
    </section>
  );
}
