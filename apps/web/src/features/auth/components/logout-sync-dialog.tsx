import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { LOGOUT_PROGRESS_MS, type LogoutSync } from '../hooks/use-synced-logout';
import './logout-sync-dialog.css';

export interface LogoutSyncDialogProps {
  sync: LogoutSync | null;
  onSkip: () => void;
  onCancel: () => void;
}

/** 'Sincronizzazione': what is still being sent before the logout, as a progress bar. */
export function LogoutSyncDialog({ sync, onSkip, onCancel }: LogoutSyncDialogProps) {
  const { t } = useTranslation();
  const total = sync?.total ?? 0;
  const sent = sync ? sync.total - sync.pending : 0;
  const percent = total > 0 ? Math.round((sent / total) * 100) : 100;
  return (
    <Modal
      open={sync !== null}
      title={t('logoutSync.title')}
      onClose={onCancel}
      footer={
        <Button variant="secondary" onClick={onSkip}>
          {t('logoutSync.skip')}
        </Button>
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
        aria-valuetext={t('logoutSync.pending', { count: sync?.pending ?? 0 })}
      >
        <span className="sync-progress__bar" style={{ width: `${percent}%`, transitionDuration: `${LOGOUT_PROGRESS_MS}ms` }} />
      </div>
      <p className="sync-progress__text" aria-hidden="true">
        {t('logoutSync.pending', { count: sync?.pending ?? 0 })}
      </p>
    </Modal>
  );
}
