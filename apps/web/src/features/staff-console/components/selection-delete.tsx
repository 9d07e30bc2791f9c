import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notifications/notifications-store';
import { errorCode } from '../api/server-errors';
import { ConfirmDialog } from './confirm-dialog';

export interface SelectionDeleteProps {
  /** How many rows are ticked. */
  count: number;
  /** What they are, counted: `t('library.what', { count })`. */
  what: (count: number) => string;
  /** Deletes them all or none (the API's selection delete). */
  onDelete: () => Promise<unknown>;
  /** Done: the selection is cleared. */
  onDeleted: () => void;
}

/**
 * §7's selection delete: the button names how many are ticked, a dialog asks first and names the count again, and a
 * refusal (something in use, something not the company's) says that nothing was deleted.
 */
export function SelectionDelete({ count, what, onDelete, onDeleted }: SelectionDeleteProps) {
  const { t } = useTranslation('console');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function confirm() {
    setPending(true);
    setError(undefined);
    try {
      await onDelete();
      notify({ type: 'success', title: t('selection.deleted', { what: what(count) }) });
      setOpen(false);
      onDeleted();
    } catch (failure) {
      const code = errorCode(failure);
      setError(code === 'IN_USE' ? t('selection.inUse') : code === 'CONFLICT' ? t('selection.notYours') : t('selection.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        disabled={count === 0}
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        {t('selection.delete', { count })}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('selection.title', { what: what(count) })}
        confirmLabel={t('selection.confirm')}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
        isPending={pending}
        error={error}
      >
        <p>{t('selection.body', { what: what(count) })}</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * A table's tick: a row's, named after the row, or (`selectsAll`) the header's select-all box, whose name is said on
 * screen once the table is cards (a phone), where no column names are left to tell what the lone box does.
 */
export function Check({
  label,
  checked,
  onChange,
  disabled,
  selectsAll = false,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  selectsAll?: boolean;
}) {
  const box = (
    <input
      type="checkbox"
      className="console-check"
      aria-label={selectsAll ? undefined : label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
  if (!selectsAll) return box;
  return (
    <label className="check-all">
      {box}
      <span className="visually-hidden">{label}</span>
    </label>
  );
}
