import type { ReportNorm } from '@prova/contract/reports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '@/lib/italian-articles';

/**
 * Each normed outcome against its norm group: the percentile (a range for an estimate with its SE, never a point
 * then), the sten, and one plain sentence of what it means.
 */
export function NormResults({ norms }: { norms: readonly ReportNorm[] }) {
  const { t } = useTranslation('report');
  const headingId = useId();
  return (
    <section className="report-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('norms.heading')}</h2>
      <ul className="report-norms">
        {norms.map((norm) => {
          const vars = { p: norm.percentile, name: norm.name, n: norm.n, low: norm.band?.low, high: norm.band?.high };
          return (
            <li key={norm.normId} className="report-norms__item">
              <h3>{norm.testName}</h3>
              <dl className="report-norms__facts">
                <div>
                  <dt>{t('norms.group')}</dt>
                  <dd>{t('norms.groupName', vars)}</dd>
                </div>
                <div>
                  <dt>{t('norms.percentileHeading')}</dt>
                  <dd>{norm.band ? t('norms.band', vars) : t('norms.percentile', vars)}</dd>
                </div>
                <div>
                  <dt>{t('norms.stenHeading')}</dt>
                  <dd>{norm.sten}</dd>
                </div>
              </dl>
              <p>{norm.band ? t('norms.bandSentence', vars) : t('norms.sentence', vars)}</p>
            </li>
          );
        })}
      </ul>
      <p className="report-note">{t('norms.stenHelp')}</p>
    </section>
  );
}
