import { zodResolver } from '@hookform/resolvers/zod';
import { OPERATOR_ROLE, ROLES } from '@prova/contract/auth';
import { LANGS } from '@prova/contract/limits';
import { personCreateSchema, type Person } from '@prova/contract/staff-people';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/components/ui/notifications/notifications-store';
import { useCreatePerson } from '../api/create-person';
import { errorCode, serverFieldErrors } from '../api/server-errors';
import { useUpdatePerson } from '../api/update-person';
import { SelectField, TextField } from './form-fields';
import { fullName, useCodeLabels } from './labels';

export interface PersonDialogProps {
  open: boolean;
  /** Absent: a new person. */
  person?: Person;
  /** The signed-in staff member: they cannot take their own staff role away. */
  currentUserId: number;
  onClose: () => void;
}

type FormInput = z.input<typeof personCreateSchema>;
type FormOutput = z.output<typeof personCreateSchema>;

const STAFF_ROLES = new Set(['admin', 'superassessor', 'operator']);

/**
 * Create or edit a person: names, e-mail, language, role. The fields are checked with the schema the
 * server checks the new person with (an edit sends the same fields, each of which the update accepts).
 */
export function PersonDialog({ open, person, currentUserId, onClose }: PersonDialogProps) {
  const { t } = useTranslation('console');
  return (
    <Modal open={open} title={person ? t('people.editTitle', { name: fullName(person) }) : t('people.createTitle')} onClose={onClose}>
      {/* Mounted anew for each opening, so the fields start from the person shown. */}
      {open && <PersonForm person={person} currentUserId={currentUserId} onDone={onClose} />}
    </Modal>
  );
}

function PersonForm({ person, currentUserId, onDone }: { person?: Person; currentUserId: number; onDone: () => void }) {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const create = useCreatePerson();
  const update = useUpdatePerson();
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(personCreateSchema),
    defaultValues: {
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      email: person?.email ?? '',
      lang: person?.lang ?? null,
      role: person?.role ?? 'user',
    },
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    const body = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      lang: values.lang ?? null,
      role: values.role,
    };
    try {
      const saved = person ? await update.mutateAsync({ personId: person.id, body }) : await create.mutateAsync(body);
      notify({
        type: 'success',
        title: person ? t('people.saved', { name: fullName(saved) }) : t('people.created', { name: fullName(saved) }),
      });
      onDone();
    } catch (error) {
      // The dialog stays open with what was typed; the reason goes where it belongs.
      const fields = serverFieldErrors(error);
      const onSelf = person?.id === currentUserId;
      if (errorCode(error) === 'CONFLICT') {
        if (onSelf && !STAFF_ROLES.has(values.role)) setError('role', { message: t('people.ownRole') }, { shouldFocus: true });
        else setError('email', { type: 'taken', message: t('people.emailTaken') }, { shouldFocus: true });
        return;
      }
      const named = (['firstName', 'lastName', 'email', 'lang', 'role'] as const).filter((field) => fields[field]);
      if (named.length > 0) {
        for (const field of named) setError(field, { message: fields[field] });
        return;
      }
      setError('root', { message: t('common.saveFailed') });
    }
  });

  return (
    <form className="form console-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField label={t('people.firstName')} autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
      <TextField label={t('people.lastName')} autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
      <TextField
        label={t('people.email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        required
        // The schema's own message is a technical one: a person reads what to fix.
        error={errors.email && (errors.email.type === 'taken' ? errors.email.message : t('people.emailInvalid'))}
        {...register('email')}
      />
      <SelectField
        label={t('people.language')}
        hint={t('people.languageHint')}
        error={errors.lang?.message}
        options={[{ value: '', label: t('languages.none') }, ...LANGS.map((lang) => ({ value: lang, label: labels.lang(lang) }))]}
        {...register('lang', { setValueAs: (value: string | null) => (value ? value : null) })}
      />
      <SelectField
        label={t('people.role')}
        error={errors.role?.message}
        // The operator's role is given by the platform operator only: offered to nobody else.
        options={ROLES.filter((role) => role !== OPERATOR_ROLE || person?.role === OPERATOR_ROLE).map((role) => ({
          value: role,
          label: labels.role(role),
        }))}
        {...register('role')}
      />
      {!person && <p className="console-note">{t('people.noPasswordYet')}</p>}
      {errors.root && (
        <p className="callout callout--error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="console-form__actions">
        <Button type="submit" isLoading={create.isPending || update.isPending}>
          {person ? t('common.save') : t('people.create')}
        </Button>
      </div>
    </form>
  );
}
