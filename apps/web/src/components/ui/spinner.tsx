import { SPINNER_DELAY_MS } from '@prova/contract/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SpinnerProps {
  size?: 'small' | 'large';
  /** Fast answers should not flash a spinner (500 ms). */
  delayMs?: number;
  /** Inside a control that already says it is busy. */
  decorative?: boolean;
}

export function Spinner({ size = 'large', delayMs = SPINNER_DELAY_MS, decorative = false }: SpinnerProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delayMs <= 0);

  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);

  if (!visible) return null;
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </span>
  );
}

/** A page-sized loading state. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner />
    </div>
  );
}
