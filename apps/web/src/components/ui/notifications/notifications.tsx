import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearConnectionProblem, type ConnectionProblem, useConnectionProblem } from './connection-store';
import { dismissNotification, useCurrentNotification } from './notifications-store';
import './notifications.css';

/**
 * The live region is always in the page so screen readers announce what is put into it.
 * The timer pauses while the pointer or the focus is on the notification (WCAG 2.2.1).
 */
export function Notifications() {
  const { t } = useTranslation();
  const notification = useCurrentNotification();
  const [paused, setPaused] = useState(false);
  const hovered = useRef(false);
  const focused = useRef(false);

  useEffect(() => {
    if (!notification || paused) return;
    const timer = window.setTimeout(() => dismissNotification(notification.id), notification.durationMs);
    return () => window.clearTimeout(timer);
  }, [notification, paused]);

  useEffect(() => setPaused(false), [notification?.id]);

  const updatePause = () => setPaused(hovered.current || focused.current);

  return (
    <div className="notifications" aria-live="polite" aria-atomic="true" role="status">
      <ConnectionNotice />
      {notification && (
        <div
          key={notification.id}
          className={`notification notification--${notification.type}`}
          onMouseEnter={() => {
            hovered.current = true;
            updatePause();
          }}
          onMouseLeave={() => {
            hovered.current = false;
            updatePause();
          }}
          onFocus={() => {
            focused.current = true;
            updatePause();
          }}
          onBlur={() => {
            focused.current = false;
            updatePause();
          }}
        >
          <div className="notification__text">
            <p className="notification__title">{notification.title}</p>
            {notification.message && <p className="notification__message">{notification.message}</p>}
          </div>
          <button
            type="button"
            className="icon-button notification__close"
            aria-label={t('common.dismissNotification')}
            onClick={() => dismissNotification(notification.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}

const PROBLEM_TEXTS = {
  offline: ['errors.offline.title', 'errors.offline.message'],
  timeout: ['errors.timeout.title', 'errors.timeout.message'],
  failed: ['errors.generic.title', 'errors.generic.message'],
} as const satisfies Record<ConnectionProblem, readonly [string, string]>;

/** A problem reaching the server: it stays until a request goes through, the browser is online again, or it is closed. */
function ConnectionNotice() {
  const { t } = useTranslation();
  const problem = useConnectionProblem();
  useEffect(() => {
    window.addEventListener('online', clearConnectionProblem);
    return () => window.removeEventListener('online', clearConnectionProblem);
  }, []);
  if (!problem) return null;
  const [title, message] = PROBLEM_TEXTS[problem];
  return (
    <div className={`notification notification--${problem === 'offline' ? 'warning' : 'error'} notification--connection`}>
      <div className="notification__text">
        <p className="notification__title">{t(title)}</p>
        <p className="notification__message">{t(message)}</p>
      </div>
      <button
        type="button"
        className="icon-button notification__close"
        aria-label={t('common.dismissNotification')}
        onClick={clearConnectionProblem}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
