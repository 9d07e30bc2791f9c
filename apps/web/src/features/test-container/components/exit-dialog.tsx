import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { GenderOptions } from '@/lib/gender';
import { formatClock } from '@/lib/test-clock';
import '@/locales/it/test-container';

export interface ExitDialogProps {
  open: boolean;
  /** The test's own exit message, when it has one. */
  message?: string;
  timed: boolean;
  /** A timed test's seconds left, when its clock runs. */
  secondsLeft?: number;
  onConfirm: () => void;
  onCancel: () => void;
  /** The person's gender, for the title's words ('Sei sicura di uscire?'). */
  gender: GenderOptions;
}

/**
 * 'Sei sicuro/a di uscire?' (test room): asked while the test is loaded, and before signing out of a timed test
 * (with its own message). Of a timed test it says what is true, whatever the test's own message: the time keeps
 * running, how much is left, and that one may come back until it ends.
 */
export function ExitDialog({ open, message, timed, secondsLeft, onConfirm, onCancel, gender }: ExitDialogProps) {
  const { t } = useTranslation('testContainer');
  const clock = timed
    ? secondsLeft !== undefined && secondsLeft > 0
      ? t('testContainer.exit.timed', { time: formatClock(secondsLeft) })
      : t('testContainer.exit.timedNoClock')
    : undefined;
  const texts = [message ?? (clock ? undefined : t('testContainer.exit.untimed')), clock].filter(Boolean);
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
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </Modal>
  );
}
