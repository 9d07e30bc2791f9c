import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isPending?: boolean;
  /** What happens, and anything to fill in (a reason). */
  children: ReactNode;
  /** Why the last attempt failed; the dialog stays open with what was typed. */
  error?: string;
  /** The confirm button waits for something (the person's name typed, for an erasure). */
  confirmDisabled?: boolean;
}

/** A decision before something that cannot be taken back in one click (deactivate, reset, invite). */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  isPending = false,
  children,
  error,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation('console');
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => {
        if (!isPending) onCancel();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onConfirm} isLoading={isPending} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && (
        <p className="callout callout--error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
