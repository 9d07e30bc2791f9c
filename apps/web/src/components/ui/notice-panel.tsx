import { useEffect, useId, useRef, type ReactNode } from 'react';
import './notice-panel.css';

export interface NoticePanelProps {
  tone: 'error' | 'warning' | 'success';
  title: string;
  /** What happened and what to do next. */
  children: ReactNode;
  /** The next step: a link or a button. */
  actions?: ReactNode;
  /** Takes the focus when shown, so a keyboard or screen reader user lands on it. */
  autoFocus?: boolean;
}

/**
 * A state that blocks the person (no campaign, session over, mail sent, link expired): it stays on the
 * page with the next step until the person moves on, unlike a toast.
 */
export function NoticePanel({ tone, title, children, actions, autoFocus = true }: NoticePanelProps) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus, title]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={`notice-panel notice-panel--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="notice-panel__title">
        {title}
      </h2>
      <div className="notice-panel__body">{children}</div>
      {actions && <div className="notice-panel__actions">{actions}</div>}
    </section>
  );
}
