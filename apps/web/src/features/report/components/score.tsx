import { barPercent, formatScore, ratingBand } from '@prova/contract/reports';
import { useTranslation } from 'react-i18next';

/** Two decimals in the reader's language (3,75 in Italian). */
export function useScoreFormat() {
  const { i18n } = useTranslation();
  return (value: number) => formatScore(value, i18n.language);
}

/** '3,75 su 5 · Presidio buono' with its bar, 20% wide a point. */
export function Score({ value }: { value: number }) {
  const { t } = useTranslation('report');
  const format = useScoreFormat();
  return (
    <span className="score">
      <span className="score__text">
        {t('score', { value: format(value) })} · {t(`bands.${ratingBand(value)}`)}
      </span>
      <span className="score__bar" aria-hidden="true">
        <span className="score__fill" style={{ width: `${barPercent(value)}%` }} />
      </span>
    </span>
  );
}
