import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface TimedSignOutDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Signing out in the middle of a timed test: the clock does not stop, so ask first. */
export function TimedSignOutDialog({ open, onConfirm, onCancel }: TimedSignOutDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('testContainer.exit.title')}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('testContainer.exit.no')}
          </Button>
          <Button onClick={onConfirm}>{t('testContainer.exit.yes')}</Button>
        </>
      }
    >
      <p>{t('testContainer.signOutTimed')}</p>
    </Modal>
  );
}
