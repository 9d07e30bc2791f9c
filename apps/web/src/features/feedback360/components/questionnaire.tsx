import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import {
  CAROUSEL_MAX_WIDTH_PX,
  type ClosedQuestion,
  type EvaluationAnswers,
  type EvaluationResponse,
  type QuestionsResponse,
  SELF_RELATION_ID,
} from '@prova/contract/feedback360';
import { type RefObject, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { ProgressBar } from '@/components/ui/time-bar';
import { paths } from '@/config/paths';
import type { Delivery } from '@/lib/sending-queue/sending-queue';
import { useQuestionnaire } from '../api/feedback360';
import { useEvaluation } from '../hooks/use-evaluation';
import {
  buildPages,
  columnCount,
  firstOpenPage,
  isPageAnswered,
  linkedChoices,
  type QuestionnairePage,
  toggleLinked,
} from '../questionnaire-pages';
import './feedback360.css';

/** The 360 questionnaire about one person; someone the caller does not evaluate sends them back to the dashboard. */
export function Questionnaire({ campaign, user, evaluee }: { campaign: Campaign; user: User; evaluee: number }) {
  const { questions, evaluation } = useQuestionnaire(campaign.id, evaluee);
  if (questions.isError || evaluation.isError) return <Navigate to={paths.app.skillup360.getHref()} replace />;
  if (questions.isPending || evaluation.isPending) return <PageSkeleton />;
  return (
    <QuestionnaireForm ids={{ campaignId: campaign.id, userId: user.id, evaluee }} questions={questions.data} server={evaluation.data} />
  );
}

function QuestionnaireForm({
  ids,
  questions,
  server,
}: {
  ids: { campaignId: number; userId: number; evaluee: number };
  questions: QuestionsResponse;
  server: EvaluationResponse['data'];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { evaluation, answer: save, finish } = useEvaluation(ids, server);
  const [finishing, setFinishing] = useState(false);
  const pages = useMemo(() => buildPages(questions), [questions]);
  const [index, setIndex] = useState(() => firstOpenPage(pages, evaluation.answers));
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const helperId = useId();

  useEffect(() => {
    // A new page: reading starts at its heading (not on first load, where the page title comes first).
    if (moved.current) pageHeading.current?.focus();
    moved.current = true;
  }, [index]);

  const { evaluee } = questions;
  const title =
    evaluee.relationId === SELF_RELATION_ID
      ? t('feedback360.selfEvaluation')
      : t('feedback360.evaluationOf', { name: `${evaluee.firstName} ${evaluee.lastName}`.trim() });
  if (pages.length === 0) {
    return (
      <section className="questionnaire">
        <h1>{title}</h1>
        <p>{t('feedback360.noQuestions')}</p>
      </section>
    );
  }

  const page = pages[index];
  const answered = isPageAnswered(page, evaluation.answers);
  const last = index === pages.length - 1;
  const progress = Math.round(((index + 1) / pages.length) * 100);
  const go = (to: number) => setIndex(Math.max(0, Math.min(pages.length - 1, to)));
  /**
   * Section 8: a 360 save the server refused is said (the answers stay on the page and in this browser). An ended
   * session is the sign-in page's to say; a save replaced by a newer one says nothing.
   */
  const tellRefused = (delivery: Delivery) => {
    if (delivery.accepted || delivery.reason === 'replaced' || delivery.reason === 'auth') return;
    if (delivery.reason === 'offline') notify({ type: 'error', title: t('errors.offline.title'), message: t('errors.offline.message') });
    else notify({ type: 'error', title: t('feedback360.saveError'), message: t('feedback360.saveErrorMessage') });
  };
  const notQueued: Delivery = { accepted: false, reason: 'failed' };
  // Answers travel in the background; offline, the queue carries them and the header says so.
  const answer = (next: EvaluationAnswers, typed?: boolean) => {
    void save(next, typed)
      .catch(() => notQueued)
      .then((delivery) => {
        if (delivery.accepted || delivery.reason !== 'offline') tellRefused(delivery);
      });
  };
  // Done only once the server has the last page: until then the evaluator stays, with their answers.
  const onFinish = async () => {
    setFinishing(true);
    const delivery = await finish().catch(() => notQueued);
    if (delivery.accepted) {
      notify({ type: 'success', title: t('feedback360.done') });
      void navigate(paths.app.skillup360.getHref());
      return;
    }
    setFinishing(false);
    tellRefused(delivery);
  };
  const helper =
    page.kind === 'linked'
      ? t('feedback360.answerMin', { min: page.question.min_answers, n: columnCount(page, evaluation.answers) })
      : t('feedback360.answerToContinue');

  return (
    <section className="questionnaire" aria-labelledby={`${helperId}-title`}>
      <h1 id={`${helperId}-title`}>{title}</h1>
      <nav className="questionnaire__bar" aria-label={t('feedback360.progress', { page: index + 1, pages: pages.length })}>
        <Button variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
          {t('feedback360.prevSet')}
        </Button>
        <span className="questionnaire__where">{t('feedback360.progress', { page: index + 1, pages: pages.length })}</span>
        <Button variant="secondary" disabled={last || !answered} onClick={() => go(index + 1)}>
          {t('feedback360.nextSet')}
        </Button>
      </nav>
      <ProgressBar
        className="questionnaire__progress"
        label={t('feedback360.progress', { page: index + 1, pages: pages.length })}
        percent={progress}
      />

      <div className="questionnaire__page">
        {page.kind === 'closed' && (
          <ClosedPage
            key={index}
            headingRef={pageHeading}
            questions={page.questions}
            first={index * 10}
            total={questions.closed.length}
            options={questions.options}
            answers={evaluation.answers}
            onAnswer={(id, value) => answer({ ...evaluation.answers, closed: { ...evaluation.answers.closed, [id]: value } })}
          />
        )}
        {page.kind === 'linked' && (
          <LinkedPage headingRef={pageHeading} page={page} answers={evaluation.answers} onChange={(next) => answer(next)} />
        )}
        {page.kind === 'open' && (
          <div>
            <h2 ref={pageHeading} tabIndex={-1}>
              {t('feedback360.yourTurn')}
            </h2>
            <label className="field__label" htmlFor={`${helperId}-open`}>
              {page.question.text}
            </label>
            <textarea
              id={`${helperId}-open`}
              className="questionnaire__text"
              rows={6}
              maxLength={4000}
              value={evaluation.answers.open[page.question.id] ?? ''}
              aria-describedby={answered ? undefined : helperId}
              onChange={(event) =>
                answer({ ...evaluation.answers, open: { ...evaluation.answers.open, [page.question.id]: event.target.value } }, true)
              }
            />
          </div>
        )}
      </div>

      <div className="questionnaire__actions">
        <p id={helperId} className="questionnaire__helper" aria-live="polite">
          {answered ? '' : helper}
        </p>
        {last ? (
          <Button disabled={!answered} isLoading={finishing} onClick={() => void onFinish()}>
            {t('feedback360.finishButton')}
          </Button>
        ) : (
          <Button disabled={!answered} onClick={() => go(index + 1)}>
            {t('feedback360.continueButton')}
          </Button>
        )}
      </div>
    </section>
  );
}

const narrowQuery = `(max-width: ${CAROUSEL_MAX_WIDTH_PX}px)`;
function subscribeNarrow(callback: () => void) {
  const media = window.matchMedia(narrowQuery);
  media.addEventListener('change', callback);
  return () => media.removeEventListener('change', callback);
}
/** Up to 900 px the closed questions come one at a time. */
function useNarrow() {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
}

function ClosedPage({
  headingRef,
  questions,
  first,
  total,
  options,
  answers,
  onAnswer,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  questions: ClosedQuestion[];
  first: number;
  total: number;
  options: number[];
  answers: EvaluationAnswers;
  onAnswer: (id: number, value: number) => void;
}) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [current, setCurrent] = useState(() =>
    Math.max(
      0,
      questions.findIndex((q) => answers.closed[q.id] === undefined),
    ),
  );
  const shown = narrow ? [questions[current]] : questions;
  return (
    <div>
      <h2 ref={headingRef} tabIndex={-1} className="visually-hidden">
        {t('feedback360.questionOf', { n: first + (narrow ? current : 0) + 1, total })}
      </h2>
      {shown.map((question) => {
        const number = first + questions.indexOf(question) + 1;
        return (
          <fieldset key={question.id} className="questionnaire__question">
            <legend>
              <span className="questionnaire__number">{t('feedback360.questionOf', { n: number, total })}</span>
              {question.text}
            </legend>
            <div className="questionnaire__scale">
              {options.map((value) => (
                <label key={value} className="questionnaire__option">
                  <input
                    type="radio"
                    name={`closed-${question.id}`}
                    value={value}
                    checked={answers.closed[question.id] === value}
                    onChange={() => onAnswer(question.id, value)}
                  />
                  <span>{value}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      {narrow && questions.length > 1 && (
        <div className="questionnaire__carousel">
          <Button variant="ghost" disabled={current === 0} onClick={() => setCurrent(current - 1)}>
            {t('feedback360.prevQuestion')}
          </Button>
          <Button variant="ghost" disabled={current === questions.length - 1} onClick={() => setCurrent(current + 1)}>
            {t('feedback360.nextQuestion')}
          </Button>
        </div>
      )}
    </div>
  );
}

function LinkedPage({
  headingRef,
  page,
  answers,
  onChange,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  page: Extract<QuestionnairePage, { kind: 'linked' }>;
  answers: EvaluationAnswers;
  onChange: (answers: EvaluationAnswers) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="questionnaire__question">
      <legend>
        <h2 ref={headingRef} tabIndex={-1} className="questionnaire__linked-title">
          {t('feedback360.column', { question: page.question.label, column: page.column.label })}
        </h2>
      </legend>
      <div className="questionnaire__choices">
        {linkedChoices(page, answers).map((choice) => (
          <label key={choice.answerId} className={['questionnaire__option', choice.disabled ? 'is-disabled' : ''].join(' ')}>
            <input
              type="checkbox"
              checked={choice.checked}
              disabled={choice.disabled}
              onChange={() => onChange(toggleLinked(page, answers, choice.answerId))}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
