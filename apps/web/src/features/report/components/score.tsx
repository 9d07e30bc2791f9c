import { barPercent, formatScore, ratingBand } from '@prova/contract/reports';
import { useTranslation } from 'react-i18next';

/** Two decimals in the reader's language (3,75 in Italian). */
export function useScoreFormat() {
  const { i18n } = useTranslation();
  return (value: number) => formatScore(value, i18n.language);
}

/**
 * '3,75 su 5 · Presidio buono' with its bar, 20% wide a point, coloured by its band (report.css); the band's words
 * are beside it, so the colour is never the only way to tell (WCAG 1.4.1).
 */
export function Score({ value }: { value: number }) {
  const { t } = useTranslation('report');
  const format = useScoreFormat();
  const band = ratingBand(value);
  return (
    <span className={`score score--band-${band}`}>
      <span className="score__text">
        {t('score', { value: format(value) })} · <span className="score__band">{t(`bands.${band}`)}</span>
      </span>
      <span className="score__bar" aria-hidden="true">
        <span className="score__fill" style={{ width: `${barPercent(value)}%` }} />
      </span>
    </span>
  );
}
