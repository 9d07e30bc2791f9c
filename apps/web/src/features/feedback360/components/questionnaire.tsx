import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import {
  CAROUSEL_MAX_WIDTH_PX,
  type ClosedAnswer,
  type ClosedQuestion,
  type EvaluationAnswers,
  type EvaluationResponse,
  missingAnswers,
  NOT_OBSERVED,
  type QuestionsResponse,
  SELF_RELATION_ID,
} from '@prova/contract/feedback360';
import { type ReactNode, type RefObject, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
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
import '@/locales/it/feedback360';

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
  const { t } = useTranslation(['feedback360', 'translation']);
  const navigate = useNavigate();
  const { evaluation, answer: save, finish } = useEvaluation(ids, server);
  const [finishing, setFinishing] = useState(false);
  const pages = useMemo(() => buildPages(questions), [questions]);
  const narrow = useNarrow();
  // Where the evaluator is: a page (pages.length is the review before finishing) and, in the carousel, a question on it.
  const [step, setStep] = useState<Step>(() => {
    const page = firstOpenPage(pages, evaluation.answers);
    return { page, question: firstUnanswered(pages[page], evaluation.answers) };
  });
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const helperId = useId();
  const words = useScaleWords(questions);

  useEffect(() => {
    // A new page or question: reading starts at its heading (not on first load, where the page title comes first).
    if (moved.current) pageHeading.current?.focus();
    moved.current = true;
  }, [step]);

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

  const reviewing = step.page === pages.length;
  const page = reviewing ? undefined : pages[step.page];
  // Up to 900 px a closed page shows one question at a time, and the one pair of controls steps through them.
  const carousel = narrow && page?.kind === 'closed' ? page : undefined;
  const missing = missingAnswers(questions, evaluation.answers);
  const answered = page ? isPageAnswered(page, evaluation.answers) : missing.length === 0;
  const forwardReady =
    carousel && step.question < carousel.questions.length - 1
      ? evaluation.answers.closed[carousel.questions[step.question].id] !== undefined
      : answered;
  const progress = Math.round((Math.min(step.page + 1, pages.length) / pages.length) * 100);
  const forward = () => {
    if (carousel && step.question < carousel.questions.length - 1) setStep({ page: step.page, question: step.question + 1 });
    else setStep({ page: step.page + 1, question: 0 });
  };
  const back = () => {
    if (carousel && step.question > 0) setStep({ page: step.page, question: step.question - 1 });
    else {
      const previous = pages[step.page - 1];
      setStep({ page: step.page - 1, question: previous.kind === 'closed' ? previous.questions.length - 1 : 0 });
    }
  };
  /**
   * Section 8: a 360 save the server refused is said (the answers stay on the page and in this browser). An ended
   * session is the sign-in page's to say; a save replaced by a newer one says nothing.
   */
  const tellRefused = (delivery: Delivery) => {
    if (delivery.accepted || delivery.reason === 'replaced' || delivery.reason === 'auth') return;
    if (delivery.reason === 'offline')
      notify({ type: 'error', title: t('translation:errors.offline.title'), message: t('translation:errors.offline.message') });
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
  const helper = !page
    ? t('feedback360.finishError')
    : page.kind === 'linked'
      ? t('feedback360.answerMin', { min: page.question.min_answers, n: columnCount(page, evaluation.answers) })
      : t('feedback360.answerToContinue');
  const where = t('feedback360.progress', { page: Math.min(step.page + 1, pages.length), pages: pages.length });

  return (
    <section className="questionnaire" aria-labelledby={`${helperId}-title`}>
      <h1 id={`${helperId}-title`}>{title}</h1>
      <ProgressBar className="questionnaire__progress" label={where} percent={progress} />

      <div className="questionnaire__page">
        {page?.kind === 'closed' && (
          <ClosedPage
            headingRef={pageHeading}
            questions={carousel ? [page.questions[step.question]] : page.questions}
            first={pages.slice(0, step.page).reduce((n, p) => n + (p.kind === 'closed' ? p.questions.length : 0), 0)}
            offset={carousel ? step.question : 0}
            total={questions.closed.length}
            options={questions.options}
            words={words}
            notObserved={questions.notObserved}
            answers={evaluation.answers}
            onAnswer={(id, value) => answer({ ...evaluation.answers, closed: { ...evaluation.answers.closed, [id]: value } })}
          />
        )}
        {page?.kind === 'linked' && (
          <LinkedPage headingRef={pageHeading} page={page} answers={evaluation.answers} onChange={(next) => answer(next)} />
        )}
        {page?.kind === 'open' && (
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
        {reviewing && (
          <ReviewPage headingRef={pageHeading} pages={pages} answers={evaluation.answers} words={words} onEdit={(to) => setStep(to)} />
        )}
      </div>

      <p id={helperId} className="questionnaire__helper" aria-live="polite">
        {forwardReady ? '' : helper}
      </p>
      <nav className="questionnaire__actions" aria-label={where}>
        <Button variant="secondary" disabled={step.page === 0 && step.question === 0} onClick={back}>
          {carousel ? t('feedback360.prevQuestion') : t('feedback360.prevSet')}
        </Button>
        {reviewing ? (
          <Button disabled={!answered} isLoading={finishing} onClick={() => void onFinish()}>
            {t('feedback360.finishButton')}
          </Button>
        ) : (
          <Button disabled={!forwardReady} onClick={forward}>
            {t('feedback360.continueButton')}
          </Button>
        )}
      </nav>
    </section>
  );
}

interface Step {
  page: number;
  question: number;
}

/** The carousel's first question to answer on a closed page (0 on any other page). */
function firstUnanswered(page: QuestionnairePage | undefined, answers: EvaluationAnswers): number {
  if (page?.kind !== 'closed') return 0;
  return Math.max(
    0,
    page.questions.findIndex((q) => answers.closed[q.id] === undefined),
  );
}

/** The word of each point: the campaign's, else the app's (the five points of a 5-point scale, the two ends of another). */
function useScaleWords({ options, scaleLabels }: Pick<QuestionsResponse, 'options' | 'scaleLabels'>): Map<number, string> {
  const { t } = useTranslation(['feedback360', 'translation']);
  const five = t('feedback360.scaleFive', { returnObjects: true }) as string[];
  const range = Math.max(...options);
  const low = options[0];
  const high = options[options.length - 1];
  const words = new Map<number, string>();
  for (const value of options) {
    const fallback =
      range === 5 ? five[value - 1] : value === low ? t('feedback360.scaleLow') : value === high ? t('feedback360.scaleHigh') : undefined;
    const word = scaleLabels[String(value)] ?? fallback;
    if (word) words.set(value, word);
  }
  return words;
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

/** A point as it is read: its value and its word ("4: Spesso"), or "Non osservato". */
function PointName({ value, words }: { value: ClosedAnswer; words: Map<number, string> }) {
  const { t } = useTranslation(['feedback360', 'translation']);
  if (value === NOT_OBSERVED) return <>{t('feedback360.notObserved')}</>;
  const word = words.get(value);
  return (
    <>
      <span className="questionnaire__value">{value}</span>
      {word && (
        <>
          {/* Read as "4: Spesso"; the space between the spans takes no room in the point's column. */}
          <span className="visually-hidden">:</span> <span className="questionnaire__word">{word}</span>
        </>
      )}
    </>
  );
}

function ClosedPage({
  headingRef,
  questions,
  first,
  offset,
  total,
  options,
  words,
  notObserved,
  answers,
  onAnswer,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  questions: ClosedQuestion[];
  /** How many closed questions come before this page, and before the one shown in the carousel. */
  first: number;
  offset: number;
  total: number;
  options: number[];
  words: Map<number, string>;
  notObserved: boolean;
  answers: EvaluationAnswers;
  onAnswer: (id: number, value: ClosedAnswer) => void;
}) {
  const { t } = useTranslation(['feedback360', 'translation']);
  const ends = new Set([options[0], options[options.length - 1]]);
  const choices: ClosedAnswer[] = notObserved ? [...options, NOT_OBSERVED] : options;
  return (
    <div>
      <h2 ref={headingRef} tabIndex={-1} className="visually-hidden">
        {t('feedback360.questionOf', { n: first + offset + 1, total })}
      </h2>
      {questions.map((question, k) => (
        <fieldset key={question.id} className="questionnaire__question">
          <legend>
            <span className="questionnaire__number">{t('feedback360.questionOf', { n: first + offset + k + 1, total })}</span>
            {question.text}
          </legend>
          <div className="questionnaire__scale">
            {choices.map((value) => (
              <label
                key={value}
                className={[
                  'questionnaire__point',
                  value === NOT_OBSERVED ? 'questionnaire__point--not-observed' : '',
                  // In a narrow scale only the ends show their word; every point's word is still read.
                  typeof value === 'number' && !ends.has(value) ? 'questionnaire__point--middle' : '',
                ].join(' ')}
              >
                <input
                  type="radio"
                  name={`closed-${question.id}`}
                  // One name in every browser ("4: Spesso"): a name made of the stacked spans gets spaces that differ.
                  aria-label={value === NOT_OBSERVED ? undefined : [value, words.get(value)].filter(Boolean).join(': ')}
                  value={value}
                  checked={answers.closed[question.id] === value}
                  onChange={() => onAnswer(question.id, value)}
                />
                <PointName value={value} words={words} />
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** Before 'TERMINA IL QUESTIONARIO': every question with the answer given, those without one marked, each a way back. */
function ReviewPage({
  headingRef,
  pages,
  answers,
  words,
  onEdit,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  pages: QuestionnairePage[];
  answers: EvaluationAnswers;
  words: Map<number, string>;
  onEdit: (step: Step) => void;
}) {
  const { t } = useTranslation(['feedback360', 'translation']);
  const headingId = useId();
  const items: Array<{ key: string; question: string; answer: ReactNode; missing: boolean; step: Step }> = [];
  pages.forEach((page, index) => {
    if (page.kind === 'closed')
      page.questions.forEach((q, question) => {
        const value = answers.closed[q.id];
        items.push({
          key: `closed-${q.id}`,
          question: q.text,
          answer: value === undefined ? null : <PointName value={value} words={words} />,
          missing: value === undefined,
          step: { page: index, question },
        });
      });
    else if (page.kind === 'linked') {
      const chosen = linkedChoices(page, answers).filter((choice) => choice.checked);
      items.push({
        key: `linked-${page.question.id}-${page.column.order}`,
        question: t('feedback360.column', { question: page.question.label, column: page.column.label }),
        answer: chosen.length ? chosen.map((choice) => choice.label).join(', ') : null,
        missing: !isPageAnswered(page, answers),
        step: { page: index, question: 0 },
      });
    } else {
      const text = answers.open[page.question.id]?.trim();
      items.push({
        key: `open-${page.question.id}`,
        question: page.question.text,
        answer: text || null,
        missing: !text,
        step: { page: index, question: 0 },
      });
    }
  });
  return (
    <div>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('feedback360.reviewTitle')}
      </h2>
      <p>{t('feedback360.reviewIntro')}</p>
      <ol className="questionnaire__review" aria-labelledby={headingId}>
        {items.map((item) => (
          <li key={item.key} className={item.missing ? 'questionnaire__review-item is-missing' : 'questionnaire__review-item'}>
            <p className="questionnaire__review-question">{item.question}</p>
            <p className="questionnaire__review-answer">
              <span className="visually-hidden">{t('feedback360.yourAnswer')}: </span>
              {item.answer ?? <strong>{t('feedback360.unanswered')}</strong>}
            </p>
            <Button
              variant="ghost"
              aria-label={t('feedback360.editAnswerOf', { question: item.question })}
              onClick={() => onEdit(item.step)}
            >
              {t('feedback360.editAnswer')}
            </Button>
          </li>
        ))}
      </ol>
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
  const { t } = useTranslation(['feedback360', 'translation']);
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
