import { type AgendaStorage, type MoveRefusal, parseDay, planMove, positionAfter } from '@prova/contract/agenda';
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { UserTest } from '@prova/contract/tests';
import { type DragEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CampaignFinished } from '@/components/ui/campaign-finished';
import { HtmlText } from '@/components/ui/html-text';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSaveCampaignStorage } from '@/lib/campaign-storage';
import { genderOf, type GenderOptions } from '@/lib/gender';
import { setCurrentTestId } from '@/lib/current-test';
import { useFormatDate } from '@/lib/dates';
import { useUserTests } from '@/lib/user-tests';
import { agendaStorageOf, agendaTests, weeksOf } from '../agenda-model';
import './agenda.css';

const TUTORIAL_STEPS = ['INTRO', 'VIDEO', 'TUTORIAL', 'FINAL'] as const;

interface Preview {
  type?: string;
  sender?: string;
  time?: string;
  subject?: string;
  content?: string;
  messages?: Array<{ from?: string; text?: string }>;
}

/**
 * The agenda layout: the campaign's month with a test on some days, the activities beside it, and the
 * day the person is on. Only that day's test starts (after its preview message); tests still to come
 * move to other working days, by dragging or with 'Sposta', by the agenda's rules. Every change saves
 * the whole storage; a save that fails is undone.
 */
export function AgendaHome({ campaign, user }: { campaign: Campaign; user: User }) {
  const { t } = useTranslation();
  const query = useUserTests(campaign.id, { refetchOnMount: 'always' });
  if (campaign.layout?.kind !== 'agenda') return null;
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <LoadError heading message={t('home.loadError')} onRetry={() => void query.refetch()} />;
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
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const save = useSaveCampaignStorage(campaign);
  const [storage, setStorage] = useState<AgendaStorage>(() => agendaStorageOf(campaign.storage, tests));
  const [selected, setSelected] = useState<number | null>(() => storage.tests[storage.currentPosition] ?? null);
  const [moving, setMoving] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [preview, setPreview] = useState<UserTest | null>(null);
  const [completed, setCompleted] = useState<UserTest | null>(null);
  const [tutorial, setTutorial] = useState(() => !storage.hasSeenTutorial);
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

  const tryMove = (testId: number, target: string) => {
    const test = byId.get(testId);
    const result = planMove({ storage, month, testId, target, prerequisites, complete });
    setMoving(null);
    if (!result.ok) {
      setNotice({ kind: 'error', text: t(`agenda.refused.${result.reason satisfies MoveRefusal}`) });
      return;
    }
    persist({ ...storage, ...result.storage }, t('agenda.moved', { name: test?.name ?? '', date: dayLabel(target) }));
  };

  const selectedTest = selected === null ? undefined : byId.get(selected);
  const onToday = selected !== null && storage.tests[storage.currentPosition] === selected;
  const canStart = !!selectedTest && onToday && selectedTest.status !== 'complete' && selectedTest.canStart;
  const start = (test: UserTest) => {
    setCurrentTestId(test.id);
    void navigate(paths.app.test.getHref());
  };
  const previewOf = (test: UserTest) => (test.theme?.preview ?? null) as Preview | null;
  const statusText = (test: UserTest) =>
    complete.has(test.id) ? t('agenda.statusDone') : test.missingPrerequisites.length ? t('agenda.statusLocked') : t('agenda.statusOpen');
  const weekdays = t('agenda.weekdays', { returnObjects: true }) as string[];
  const short = t('agenda.weekdaysShort', { returnObjects: true }) as string[];
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    parseDay(`01/${month.slice(5, 7)}/${month.slice(0, 4)}`),
  );
  const allDone = entries.length > 0 && entries.every((entry) => complete.has(entry.test.id));

  const onDrop = (event: DragEvent, day: string) => {
    event.preventDefault();
    const id = Number(event.dataTransfer.getData('text/plain'));
    if (Number.isInteger(id) && id > 0) tryMove(id, day);
  };

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
        <div className="agenda__calendar">
          <table className="agenda__grid">
            <caption>{t('agenda.month', { month: monthName })}</caption>
            <thead>
              <tr>
                {weekdays.map((name, i) => (
                  <th key={name} scope="col">
                    <span className="agenda__day-long">{name}</span>
                    <span className="agenda__day-short" aria-hidden="true">
                      {short[i]}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(month).map((week, w) => (
                <tr key={w}>
                  {week.map((day, d) => {
                    if (!day) return <td key={d} className="agenda__cell agenda__cell--empty" />;
                    const testId = storage.tests[day];
                    const test = testId === undefined ? undefined : byId.get(testId);
                    const today = day === storage.currentPosition;
                    return (
                      <td
                        key={day}
                        className={['agenda__cell', today ? 'is-today' : '', d > 4 ? 'is-weekend' : ''].join(' ')}
                        onDragOver={(event) => event.preventDefault()}
                        onDrop={(event) => onDrop(event, day)}
                      >
                        <span className="agenda__date">
                          {parseDay(day).getUTCDate()}
                          {today && <span className="agenda__today"> {t('agenda.today')}</span>}
                        </span>
                        {test && (
                          <button
                            type="button"
                            className={[
                              'agenda__chip',
                              complete.has(test.id) ? 'is-done' : '',
                              selected === test.id ? 'is-selected' : '',
                            ].join(' ')}
                            draggable={!complete.has(test.id)}
                            onDragStart={(event) => event.dataTransfer.setData('text/plain', String(test.id))}
                            aria-pressed={selected === test.id}
                            aria-label={t('agenda.day', { date: dayLabel(day), name: `${test.name}, ${statusText(test)}` })}
                            onClick={() => setSelected(test.id)}
                          >
                            {test.name}
                          </button>
                        )}
                        {moving !== null && (
                          <button type="button" className="agenda__drop" onClick={() => tryMove(moving, day)}>
                            <span className="visually-hidden">{t('agenda.moveHere', { date: dayLabel(day) })}</span>
                            <span aria-hidden="true">↓</span>
                          </button>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <aside className="agenda__panel" aria-label={t('agenda.activities')}>
          <h2>{t('agenda.activities')}</h2>
          <ul className="agenda__list">
            {entries.map(({ day, test }) => (
              <li key={test.id}>
                <button
                  type="button"
                  className={['agenda__item', selected === test.id ? 'is-selected' : ''].join(' ')}
                  aria-pressed={selected === test.id}
                  onClick={() => setSelected(test.id)}
                >
                  <span className="agenda__item-date">{dayLabel(day)}</span>
                  <span className="agenda__item-name">{test.name}</span>
                  <span className="agenda__item-status">{statusText(test)}</span>
                </button>
              </li>
            ))}
          </ul>
          {selectedTest && (
            <div className="agenda__details">
              <p>
                <strong>{t('agenda.selected', { name: selectedTest.name })}</strong>
              </p>
              {moving === null && !complete.has(selectedTest.id) && (
                <Button variant="secondary" onClick={() => setMoving(selectedTest.id)}>
                  {t('agenda.move')}
                </Button>
              )}
              {moving !== null && (
                <div role="status">
                  <p>{t('agenda.moveHint')}</p>
                  <Button variant="ghost" onClick={() => setMoving(null)}>
                    {t('agenda.cancelMove')}
                  </Button>
                </div>
              )}
            </div>
          )}
        </aside>
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

function PreviewDialog({
  test,
  preview,
  onClose,
  onStart,
}: {
  test: UserTest | null;
  preview: Preview | null;
  onClose: () => void;
  onStart: (test: UserTest) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={test !== null}
      title={preview?.subject || t('agenda.previewTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('agenda.previewClose')}
          </Button>
          {test && <Button onClick={() => onStart(test)}>{t('agenda.previewStart')}</Button>}
        </>
      }
    >
      {preview && (
        <div className={`agenda-preview agenda-preview--${preview.type === 'chat' ? 'chat' : 'email'}`}>
          <p className="agenda-preview__meta">
            {preview.sender && t('agenda.previewFrom', { sender: preview.sender })}
            {preview.time && ` · ${t('agenda.previewAt', { time: preview.time })}`}
          </p>
          {preview.type === 'chat' ? (
            <ul className="agenda-preview__chat">
              {(preview.messages ?? []).map((message, i) => (
                <li key={i}>
                  <strong>{message.from}</strong> {message.text}
                </li>
              ))}
            </ul>
          ) : (
            <HtmlText html={preview.content ?? ''} />
          )}
        </div>
      )}
    </Modal>
  );
}

function Tutorial({ open, video, gender, onDone }: { open: boolean; video: string; gender: GenderOptions; onDone: () => void }) {
  const { t } = useTranslation();

  const [step, setStep] = useState(0);
  const name = TUTORIAL_STEPS[step];
  const last = step === TUTORIAL_STEPS.length - 1;
  const finish = () => {
    setStep(0);
    onDone();
  };
  return (
    <Modal
      open={open}
      title={t('agenda.tutorialTitle', gender)}
      onClose={finish}
      footer={<Button onClick={() => (last ? finish() : setStep(step + 1))}>{last ? t('agenda.begin') : t('agenda.next')}</Button>}
    >
      <p className="agenda__step">{t('agenda.stepOf', { n: step + 1, total: TUTORIAL_STEPS.length })}</p>
      <p>{t(`agenda.tutorialSteps.${name}`)}</p>
      {name === 'VIDEO' && video && <video className="agenda__video" src={video} controls aria-label={t('agenda.videoLabel')} />}
    </Modal>
  );
}
