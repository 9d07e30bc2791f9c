import { erasureConfirmed } from '@prova/contract/staff-erasure';
import type { Person } from '@prova/contract/staff-people';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/ui/notifications/notifications-store';
import { useCurrentCompany } from '../api/get-company';
import { useErasePerson } from '../api/erase-person';
import { errorCode } from '../api/server-errors';
import { ConfirmDialog } from './confirm-dialog';
import { TextField } from './form-fields';
import { fullName } from './labels';

export interface ErasePersonDialogProps {
  /** The person to erase; null: closed. */
  person: Person | null;
  onClose: () => void;
  /** After the erasure: the person is gone from the list. */
  onErased: () => void;
}

/**
 * Erasing a person cannot be undone, so the dialog names them and its button waits until their full name or e-mail is
 * typed (the same check the server makes, from the contract).
 */
export function ErasePersonDialog({ person, onClose, onErased }: ErasePersonDialogProps) {
  const { t } = useTranslation('console');
  const erase = useErasePerson();
  const [typed, setTyped] = useState('');
  const name = person ? fullName(person) : '';
  const close = () => {
    setTyped('');
    erase.reset();
    onClose();
  };

  async function confirm() {
    if (!person) return;
    try {
      const erasure = await erase.mutateAsync({ personId: person.id, confirm: typed });
      notify({ type: 'success', title: t('people.erased', { id: erasure.id }) });
      setTyped('');
      erase.reset();
      onErased();
    } catch {
      // The dialog says why; nothing changed.
    }
  }

  return (
    <ConfirmDialog
      open={person !== null}
      title={t('people.eraseTitle', { name })}
      confirmLabel={t('people.erase')}
      onConfirm={() => void confirm()}
      onCancel={close}
      isPending={erase.isPending}
      confirmDisabled={!person || !erasureConfirmed(typed, person)}
      error={
        erase.isError
          ? ['CONFLICT', 'FORBIDDEN', 'NOT_FOUND'].includes(errorCode(erase.error) ?? '')
            ? t('people.cannotErase')
            : t('common.saveFailed')
          : undefined
      }
    >
      <p>{t('people.eraseBody')}</p>
      {person && <CompanySetting />}
      <TextField
        label={t('people.eraseConfirmLabel', { name })}
        hint={t('people.eraseConfirmHint')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </ConfirmDialog>
  );
}

/** What the company keeps of an erased person (read only while the dialog is open). */
function CompanySetting() {
  const { t } = useTranslation('console');
  const company = useCurrentCompany();
  if (!company.data) return null;
  return <p>{company.data.erasureKeepsResults ? t('people.eraseKeeps') : t('people.eraseRemoves')}</p>;
}
