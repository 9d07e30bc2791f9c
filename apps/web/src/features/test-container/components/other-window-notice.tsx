import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import '@/locales/it/test-container';

export interface OtherWindowNoticeProps {
  /** This window's changes that did not go (none when another tab of the browser said so before any). */
  unsent: number;
  /** "Continua qui": open the test again in this window, which takes it over from the server's latest state. */
  onContinueHere: () => void;
  onLeave: () => void;
}

/**
 * The test was opened in another window, which holds it now (issue 54): what this window typed since was not saved,
 * and it says so when there was any. It takes the test's place (the activity is hidden, nothing more can be typed in it) and the focus,
 * so a screen reader reads it at once.
 */
export function OtherWindowNotice({ unsent, onContinueHere, onLeave }: OtherWindowNoticeProps) {
  const { t } = useTranslation('testContainer');
  const titleId = useId();
  const textId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="test-container__overlay">
      <div
        ref={ref}
        className="callout callout--warning test-container__notice"
        role="alertdialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="test-container__failed">
          {t('testContainer.otherWindow.title')}
        </h2>
        <p id={textId}>{t(unsent > 0 ? 'testContainer.otherWindow.unsent' : 'testContainer.otherWindow.nothingLost')}</p>
        <div className="test-container__actions">
          <Button onClick={onContinueHere}>{t('testContainer.otherWindow.continueHere')}</Button>
          <Button variant="secondary" onClick={onLeave}>
            {t('testContainer.backToRoom')}
          </Button>
        </div>
      </div>
    </div>
  );
}
