import type { AnalysedItem, ItemAnalysisAnswer } from '@prova/contract/item-analysis';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { API_BASE } from '@/lib/api-client';
import { ANALYSIS_PATHS, useItemAnalysis } from '../api/get-item-analysis';
import { TableRegion } from './table-region';

type Sufficient = Extract<ItemAnalysisAnswer, { sufficient: true }>;

function useNumber() {
  const { i18n } = useTranslation();
  return (value: number | null, digits = 2) =>
    value === null ? '–' : value.toLocaleString(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** /console/tests/:testId/analysis: a test's items and reliability over the company's completed attempts; no person in it. */
export function ItemAnalysisPage({ testId, campaignIds }: { testId: number; campaignIds?: number[] }) {
  const { t } = useTranslation('console');
  const analysis = useItemAnalysis(testId, campaignIds);
  const num = useNumber();

  if (analysis.isPending) return <PageSkeleton />;
  if (analysis.isError)
    return (
      <div className="console-page">
        <h1>{t('analysis.titleUnknown')}</h1>
        <LoadError message={t('analysis.loadError')} onRetry={() => void analysis.refetch()} />
      </div>
    );
  const data = analysis.data;
  return (
    <div className="console-page">
      <p className="console-back">
        <Link to={paths.console.tests.getHref()}>{t('analysis.back')}</Link>
      </p>
      <h1>{t('analysis.title', { title: data.test.title })}</h1>
      <p className="console-note">{t('analysis.intro')}</p>
      {!data.sufficient ? (
        <p role="status" className="console-empty">
          {t('analysis.tooFew', { n: data.n, minN: data.minN })}
        </p>
      ) : (
        <>
          <section aria-labelledby="analysis-reliability">
            <h2 id="analysis-reliability">{t('analysis.reliability')}</h2>
            <dl className="console-facts">
              <div>
                <dt>{data.reliability.coefficient === 'KR-20' ? t('analysis.kr20') : t('analysis.alpha')}</dt>
                <dd>{num(data.reliability.value)}</dd>
              </div>
              <div>
                <dt>{t('analysis.sem')}</dt>
                <dd>{num(data.reliability.sem)}</dd>
              </div>
              <div>
                <dt>{t('analysis.attempts')}</dt>
                <dd>{data.n}</dd>
              </div>
              <div>
                <dt>{t('analysis.meanTotal')}</dt>
                <dd>{t('analysis.outOf', { mean: num(data.total.mean), sd: num(data.total.sd), max: num(data.total.maxPossible, 0) })}</dd>
              </div>
            </dl>
            <p>
              <a className="button" href={`${API_BASE}${ANALYSIS_PATHS.csv(testId, campaignIds)}`} download>
                {t('analysis.csv')}
              </a>
            </p>
          </section>
          <ItemsTable data={data} />
          <ScoreDistribution data={data} />
        </>
      )}
    </div>
  );
}

function ItemsTable({ data }: { data: Sufficient }) {
  const { t } = useTranslation('console');
  const num = useNumber();
  const titleId = useId();
  const deleted = data.reliability.coefficient === 'KR-20' ? t('analysis.kr20IfDeleted') : t('analysis.alphaIfDeleted');
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{t('analysis.items')}</h2>
      <TableRegion labelledBy={titleId}>
        <table className="console-table">
          <caption className="visually-hidden">{t('analysis.itemsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analysis.item')}</th>
              <th scope="col">{t('analysis.p')}</th>
              <th scope="col">{t('analysis.r')}</th>
              <th scope="col">{deleted}</th>
              <th scope="col">{t('analysis.flags')}</th>
              <th scope="col">{t('analysis.distractors')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.identifier}>
                <th scope="row">{item.title || item.identifier}</th>
                <td>{num(item.p)}</td>
                <td>{num(item.r)}</td>
                <td>{num(item.alphaIfDeleted)}</td>
                <td>{item.flags.length ? item.flags.map((f) => t(`analysis.flag.${f}`)).join(', ') : t('analysis.noFlags')}</td>
                <td>
                  <Distractors item={item} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}

function Distractors({ item }: { item: AnalysedItem }) {
  const { t } = useTranslation('console');
  const num = useNumber();
  if (!item.distractors) return <>–</>;
  const percent = (share: number) => `${num(share * 100, 0)}%`;
  return (
    <ul className="analysis-options">
      {item.distractors.options.map((o) => (
        <li key={o.option}>
          {t(o.key ? 'analysis.keyOption' : 'analysis.option', { option: o.option, share: percent(o.share), mean: num(o.meanTotal, 1) })}
        </li>
      ))}
      {item.distractors.none.count > 0 && <li>{t('analysis.noResponse', { share: percent(item.distractors.none.share) })}</li>}
    </ul>
  );
}

const CHART_W = 320;
const CHART_H = 140;

/** The totals' distribution: bars drawn for the eye (hidden from screen readers), the same counts in a table. */
function ScoreDistribution({ data }: { data: Sufficient }) {
  const { t } = useTranslation('console');
  const num = useNumber();
  const titleId = useId();
  const bins = data.distribution;
  const most = Math.max(1, ...bins.map((b) => b.count));
  const width = CHART_W / bins.length;
  const label = (b: (typeof bins)[number]) => (b.from === b.to ? num(b.from, 0) : `${num(b.from, 1)}–${num(b.to, 1)}`);
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{t('analysis.distribution')}</h2>
      <figure className="analysis-chart">
        <svg viewBox={`0 0 ${CHART_W} ${CHART_H + 16}`} aria-hidden="true" focusable="false">
          {bins.map((b, k) => {
            const h = (b.count / most) * CHART_H;
            return (
              <rect key={k} x={k * width + 1} y={CHART_H - h} width={Math.max(1, width - 2)} height={h} className="analysis-chart__bar" />
            );
          })}
          <line x1={0} x2={CHART_W} y1={CHART_H} y2={CHART_H} className="analysis-chart__axis" />
          <text x={0} y={CHART_H + 13} className="analysis-chart__label">
            {label(bins[0])}
          </text>
          <text x={CHART_W} y={CHART_H + 13} textAnchor="end" className="analysis-chart__label">
            {label(bins[bins.length - 1])}
          </text>
        </svg>
        <figcaption>{t('analysis.distributionCaption')}</figcaption>
      </figure>
      <TableRegion labelledBy={titleId}>
        <table className="console-table">
          <caption className="visually-hidden">{t('analysis.distributionTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analysis.score')}</th>
              <th scope="col">{t('analysis.count')}</th>
            </tr>
          </thead>
          <tbody>
            {bins.map((b, k) => (
              <tr key={k}>
                <th scope="row">{label(b)}</th>
                <td>{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}
