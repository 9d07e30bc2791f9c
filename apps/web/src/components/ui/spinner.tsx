import { SPINNER_DELAY_MS } from '@prova/contract/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './spinner.css';

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

/**
 * A page-sized loading state: the shape of a page at once, so the main area is never blank, and the
 * spoken 'loading' only if it lasts.
 */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true">
      <span className="skeleton skeleton--title" />
      <span className="skeleton" />
      <span className="skeleton skeleton--short" />
      <span className="skeleton skeleton--block" />
      <span className="visually-hidden">
        <Spinner decorative={false} />
      </span>
    </div>
  );
}
