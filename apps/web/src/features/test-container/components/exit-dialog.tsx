import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { GenderOptions } from '@/lib/gender';

export interface ExitDialogProps {
  open: boolean;
  /** The test's own exit message, when it has one. */
  message?: string;
  timed: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The person's gender, for the title's words ('Sei sicura di uscire?'). */
  gender: GenderOptions;
}

/**
 * 'Sei sicuro/a di uscire?' (test room): asked while the test is loaded, and before
 * signing out of a timed test (with its own message).
 */
export function ExitDialog({ open, message, timed, onConfirm, onCancel, gender }: ExitDialogProps) {
  const { t } = useTranslation();
  const text = message ?? (timed ? t('testContainer.exit.timed') : t('testContainer.exit.untimed'));
  return (
    <Modal
      open={open}
      title={t('testContainer.exit.title', gender)}
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
      <p>{text}</p>
    </Modal>
  );
}
