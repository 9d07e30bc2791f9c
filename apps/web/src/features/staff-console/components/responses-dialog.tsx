import type { StaffItemResponses, StaffResponseVariable } from '@prova/contract/staff-responses';
import type { QtiResponseValue } from '@prova/contract/content';
import type { ReportNorm } from '@prova/contract/reports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageSkeleton } from '@/components/ui/spinner';
import { useResponses } from '../api/get-responses';
import { ProgressStatus } from './progress-status';
import '@/lib/italian-articles';

export interface ResponsesTarget {
  userId: number;
  name: string;
  testId: number;
  testName: string;
}

export interface ResponsesDialogProps {
  campaignId: number;
  /** Whose responses in which QTI test; null: closed. */
  target: ResponsesTarget | null;
  onClose: () => void;
}

/**
 * A participant's responses in a QTI package test, item by item, beside the key and the server's score; an adaptive
 * test's items as they were given, each with the estimate after it.
 */
export function ResponsesDialog({ campaignId, target, onClose }: ResponsesDialogProps) {
  const { t } = useTranslation('console');
  return (
    <Modal
      open={target !== null}
      title={target ? t('responses.title', { test: target.testName, name: target.name }) : ''}
      onClose={onClose}
      className="console-responses"
    >
      {target && <ResponsesBody campaignId={campaignId} target={target} />}
    </Modal>
  );
}

type Score = StaffItemResponses['score'];

function useValueText() {
  const { t, i18n } = useTranslation('console');
  const number = new Intl.NumberFormat(i18n.language);
  const score = (value: Score) =>
    value === null
      ? t('responses.unscored')
      : typeof value === 'number'
        ? number.format(value)
        : typeof value === 'boolean'
          ? t(value ? 'responses.yes' : 'responses.no')
          : value;
  const response = (value: QtiResponseValue, variable: StaffResponseVariable) => {
    if (value === null || (Array.isArray(value) && value.length === 0) || value === '') return null;
    if (!Array.isArray(value)) return value;
    return variable.cardinality === 'ordered' ? t('responses.inOrder', { values: value.join(', ') }) : value.join(', ');
  };
  const estimate = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return { score, response, number, estimate };
}

function ResponsesBody({ campaignId, target }: { campaignId: number; target: ResponsesTarget }) {
  const { t } = useTranslation('console');
  const responses = useResponses(campaignId, target.userId, target.testId);
  const text = useValueText();

  if (responses.isPending) return <PageSkeleton />;
  if (responses.isError) return <LoadError message={t('responses.loadError')} onRetry={() => void responses.refetch()} />;
  const data = responses.data;

  return (
    <div className="console-responses__body">
      <p>
        <ProgressStatus status={data.status} />
      </p>
      {data.adaptive && <p className="console-note">{t(data.items.length ? 'responses.adaptive' : 'responses.adaptiveNone')}</p>}
      {data.final === false && <p className="console-note">{t('responses.notFinal')}</p>}
      {data.scored ? (
        <dl className="console-responses__outcomes" aria-label={t('responses.outcomes')}>
          {data.outcomes.map((o) => (
            <div key={String(o.questionId)}>
              <dt>{String(o.questionId)}</dt>
              <dd>{text.score(o.value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="console-note">{t('responses.notScored')}</p>
      )}
      {data.norms && data.norms.length > 0 && <NormFigures norms={data.norms} />}
      <ol className="console-responses__items">
        {data.items.map((item, index) => (
          <li key={item.identifier} className="console-card">
            <h3>{t('responses.item', { n: index + 1, title: item.title })}</h3>
            {(item.section || item.flagged) && (
              <p className="console-table__meta">{[item.section, item.flagged && t('responses.flagged')].filter(Boolean).join(' · ')}</p>
            )}
            {item.current ? (
              <p className="console-note">{t('responses.current')}</p>
            ) : (
              <p>
                <strong>{t('responses.score')}</strong> {text.score(item.score)}
              </p>
            )}
            {item.estimate && (
              <p>
                <strong>{t('responses.estimate')}</strong>{' '}
                {t('responses.estimateValue', {
                  theta: text.estimate.format(item.estimate.theta),
                  se: text.estimate.format(item.estimate.se),
                })}
              </p>
            )}
            {item.rating && (
              <p className="console-note">
                {item.rating.points === null
                  ? t('responses.toBeRated', { max: text.number.format(item.rating.maxScore) })
                  : t('responses.ratedBy', {
                      points: text.number.format(item.rating.points),
                      max: text.number.format(item.rating.maxScore),
                    })}
              </p>
            )}
            {item.responses.map((variable) => {
              const given = text.response(variable.response, variable);
              const key = text.response(variable.correct, variable);
              return (
                <div key={variable.identifier}>
                  {item.responses.length > 1 && <p className="console-table__meta">{variable.identifier}</p>}
                  <dl className="console-responses__variable">
                    <div>
                      <dt>{t('responses.response')}</dt>
                      <dd>{given ?? <em>{t('responses.noResponse')}</em>}</dd>
                    </div>
                    <div>
                      <dt>{t('responses.key')}</dt>
                      <dd>{key ?? <em>{t('responses.noKey')}</em>}</dd>
                    </div>
                    {variable.mapping.length > 0 && (
                      <div>
                        <dt>{t('responses.mapping')}</dt>
                        <dd>
                          <ul>
                            {variable.mapping.map((entry) => (
                              <li key={entry.key}>{t('responses.points', { key: entry.key, points: text.number.format(entry.points) })}</li>
                            ))}
                          </ul>
                        </dd>
                      </div>
                    )}
                  </dl>
                </div>
              );
            })}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The test's outcomes against the campaign's norm groups, as the candidate's report reads them. */
function NormFigures({ norms }: { norms: readonly ReportNorm[] }) {
  const { t } = useTranslation('console');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="console-responses__heading">
        {t('responses.norms.title')}
      </h3>
      <ul className="console-responses__norms">
        {norms.map((norm) => (
          <li key={norm.normId}>
            <p>
              <strong>{t('responses.norms.group', { name: norm.name, count: norm.n })}</strong> · {norm.outcome}
            </p>
            <dl className="console-responses__outcomes">
              <div>
                <dt>{t('responses.norms.percentile')}</dt>
                <dd>
                  {norm.band
                    ? t('responses.norms.band', { low: norm.band.low, high: norm.band.high, p: norm.percentile })
                    : norm.percentile}
                </dd>
              </div>
              <div>
                <dt>{t('responses.norms.sten')}</dt>
                <dd>{norm.sten}</dd>
              </div>
            </dl>
            <p>
              {norm.band
                ? t('responses.norms.bandSentence', { low: norm.band.low, high: norm.band.high, name: norm.name })
                : t('responses.norms.sentence', { p: norm.percentile, name: norm.name })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
