import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { LOGOUT_PROGRESS_MS, type LogoutSync } from '../hooks/use-synced-logout';
import './logout-sync-dialog.css';

export interface LogoutSyncDialogProps {
  sync: LogoutSync | null;
  onWait: () => void;
  onSkip: () => void;
  onCancel: () => void;
}

/**
 * 'Sincronizzazione': what is still being sent before the logout, as a progress bar, and in plain words how many
 * answers have not reached the server. 'Aspetta' is the main action (it has the focus); 'Salta' says what it leaves
 * behind, on a computer someone else may use next.
 */
export function LogoutSyncDialog({ sync, onWait, onSkip, onCancel }: LogoutSyncDialogProps) {
  const { t } = useTranslation();
  const waitRef = useRef<HTMLButtonElement>(null);
  const total = sync?.total ?? 0;
  const pending = sync?.pending ?? 0;
  const answers = sync?.answers ?? 0;
  const sent = sync ? total - pending : 0;
  const percent = total > 0 ? Math.round((sent / total) * 100) : 100;
  return (
    <Modal
      open={sync !== null}
      title={t('logoutSync.title')}
      onClose={onCancel}
      initialFocusRef={waitRef}
      footer={
        <>
          <Button variant="secondary" onClick={onSkip}>
            {t('logoutSync.skip')}
          </Button>
          <Button ref={waitRef} variant="primary" onClick={onWait}>
            {t('logoutSync.wait')}
          </Button>
        </>
      }
    >
      <p>{t('logoutSync.message')}</p>
      <div
        className="sync-progress"
        role="progressbar"
        aria-label={t('logoutSync.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sent}
        aria-valuetext={t('logoutSync.pending', { count: pending })}
      >
        <span className="sync-progress__bar" style={{ width: `${percent}%`, transitionDuration: `${LOGOUT_PROGRESS_MS}ms` }} />
      </div>
      {answers > 0 ? (
        <>
          <p className="sync-progress__unsent">{t('logoutSync.unsent', { count: answers })}</p>
          <p>{t('logoutSync.skipNote')}</p>
        </>
      ) : (
        <p className="sync-progress__text" aria-hidden="true">
          {t('logoutSync.pending', { count: pending })}
        </p>
      )}
    </Modal>
  );
}
