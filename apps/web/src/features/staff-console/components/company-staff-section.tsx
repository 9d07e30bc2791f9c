import { zodResolver } from '@hookform/resolvers/zod';
import { LANGS } from '@prova/contract/limits';
import { APPOINTED_ROLES, staffAppointmentSchema } from '@prova/contract/staff-companies';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { useAppointStaff, useCompanyStaff } from '../api/company-staff';
import { errorCode, serverFieldErrors } from '../api/server-errors';
import { SelectField, TextField } from './form-fields';
import { fullName, useCodeLabels } from './labels';
import { TableRegion } from './table-region';

type FormInput = z.input<typeof staffAppointmentSchema>;
type FormOutput = z.output<typeof staffAppointmentSchema>;

/** A company's admins and superassessors, and the appointment of one more (mailed how to get in). */
export function CompanyStaffSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const listTitleId = useId();
  const staff = useCompanyStaff(companyId);
  return (
    <section className="console-section" aria-labelledby={listTitleId}>
      <h2 id={listTitleId}>{t('operator.staff.title')}</h2>
      {staff.isPending ? (
        <PageSkeleton />
      ) : staff.isError ? (
        <LoadError message={t('operator.staff.loadError')} onRetry={() => void staff.refetch()} />
      ) : staff.data.length === 0 ? (
        <p>{t('operator.staff.none')}</p>
      ) : (
        <TableRegion labelledBy={listTitleId}>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('people.name')}</th>
                <th scope="col">{t('operator.staff.email')}</th>
                <th scope="col">{t('operator.staff.role')}</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.map((person) => (
                <tr key={person.id}>
                  <th scope="row">{fullName(person)}</th>
                  <td>{person.email}</td>
                  <td>{labels.role(person.role, person)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <h3>{t('operator.staff.appointTitle')}</h3>
      <AppointStaffForm companyId={companyId} />
    </section>
  );
}

export function AppointStaffForm({ companyId }: { companyId: number }) {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const appoint = useAppointStaff(companyId);
  const { register, handleSubmit, formState, setError, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(staffAppointmentSchema),
    defaultValues: { email: '', firstName: '', lastName: '', role: 'admin', lang: null, hasSSO: false },
  });

  const submit = handleSubmit(async (body) => {
    try {
      const { person } = await appoint.mutateAsync({ ...body, lang: body.lang || null });
      notify({ type: 'success', title: t('operator.staff.appointed', { email: person.email }) });
      reset();
    } catch (error) {
      const fields = serverFieldErrors(error);
      const message = fields.email ?? (errorCode(error) === 'CONFLICT' ? t('operator.staff.otherCompany') : t('common.saveFailed'));
      setError('email', { message }, { shouldFocus: true });
    }
  });

  return (
    <form className="form console-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('operator.staff.email')}
        type="email"
        autoComplete="off"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('operator.staff.firstName')}
        autoComplete="off"
        error={formState.errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label={t('operator.staff.lastName')}
        autoComplete="off"
        error={formState.errors.lastName?.message}
        {...register('lastName')}
      />
      <SelectField
        label={t('operator.staff.role')}
        options={APPOINTED_ROLES.map((role) => ({ value: role, label: labels.role(role) }))}
        {...register('role')}
      />
      <SelectField
        label={t('operator.staff.lang')}
        options={[{ value: '', label: labels.lang(null) }, ...LANGS.map((lang) => ({ value: lang, label: labels.lang(lang) }))]}
        {...register('lang', { setValueAs: (value: string) => value || null })}
      />
      <label className="choice">
        <input type="checkbox" {...register('hasSSO')} /> {t('operator.staff.hasSSO')}
      </label>
      <div className="console-form__actions">
        <Button type="submit" isLoading={appoint.isPending}>
          {t('operator.staff.appoint')}
        </Button>
      </div>
    </form>
  );
}
