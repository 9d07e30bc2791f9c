import { type ProgressRow, type StaffCampaignResponse } from '@prova/contract/staff-campaigns';
import { resetRequestSchema } from '@prova/contract/staff-participants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/components/ui/notifications/notifications-store';
import { useResetTest } from '../api/reset-test';
import { errorCode } from '../api/server-errors';
import { SelectField, TextAreaField } from './form-fields';
import { fullName } from './labels';
import { useProgressStatusLabel } from './progress-status';

type Test = StaffCampaignResponse['tests'][number];

export interface ResetDialogProps {
  campaignId: number;
  /** The participant whose test starts over; null: closed. */
  row: ProgressRow | null;
  tests: Test[];
  onClose: () => void;
}

/** Lets a participant take a test again: the attempt goes to the history, with the reason given. */
export function ResetDialog({ campaignId, row, tests, onClose }: ResetDialogProps) {
  const { t } = useTranslation('console');
  return (
    <Modal open={row !== null} title={t('reset.title', { name: row ? fullName(row.user) : '' })} onClose={onClose}>
      {/* The Modal mounts its content at each opening: the form starts empty every time. */}
      {row && <ResetForm campaignId={campaignId} row={row} tests={tests} onClose={onClose} />}
    </Modal>
  );
}

function ResetForm({ campaignId, row, tests, onClose }: ResetDialogProps & { row: ProgressRow }) {
  const { t } = useTranslation('console');
  const statusLabel = useProgressStatusLabel();
  const reset = useResetTest(campaignId);
  const name = fullName(row.user);
  // Tests with something to reset: begun or finished.
  const resettable = tests.filter((test) => row.cells.some((cell) => cell.testId === test.id && cell.status !== 'not attempted'));
  const [testId, setTestId] = useState<number | undefined>(resettable[0]?.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  async function confirm() {
    if (testId === undefined) return;
    const parsed = resetRequestSchema.safeParse({ reason: reason.trim() === '' ? undefined : reason });
    if (!parsed.success) {
      setReasonError(t('reset.reasonTooLong'));
      return;
    }
    setReasonError(undefined);
    setFailure(undefined);
    try {
      await reset.mutateAsync({ userId: row.user.id, testId, reason: parsed.data.reason });
      const test = tests.find((x) => x.id === testId);
      notify({ type: 'success', title: t('reset.done', { test: test?.name ?? '', name }) });
      onClose();
    } catch (error) {
      // The dialog stays open with the choice and the reason as typed.
      const code = errorCode(error);
      setFailure(
        code === 'CONFLICT' ? t('reset.nothingToReset') : code === 'VALIDATION' ? t('reset.notResettable') : t('common.saveFailed'),
      );
    }
  }

  return (
    <form
      className="form console-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reset.isPending) void confirm();
      }}
    >
      <p>{t('reset.body', { name })}</p>
      <SelectField
        label={t('reset.test')}
        value={testId === undefined ? '' : String(testId)}
        onChange={(event) => setTestId(Number(event.target.value))}
        options={resettable.map((test) => {
          const status = row.cells.find((cell) => cell.testId === test.id)?.status ?? 'not attempted';
          return { value: String(test.id), label: `${test.name} (${statusLabel(status)})` };
        })}
      />
      <TextAreaField
        label={t('reset.reason')}
        hint={t('reset.reasonHint')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={3}
        error={reasonError}
      />
      {failure && (
        <p className="callout callout--error" role="alert">
          {failure}
        </p>
      )}
      <div className="console-form__actions">
        <Button variant="secondary" onClick={onClose} disabled={reset.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isLoading={reset.isPending} disabled={testId === undefined}>
          {t('reset.confirm')}
        </Button>
      </div>
    </form>
  );
}
