import { zodResolver } from '@hookform/resolvers/zod';
import { type Company, companyWriteSchema, LOGO_DATA_URL_MAX } from '@prova/contract/staff-companies';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notifications/notifications-store';
import { errorCode, serverFieldErrors } from '../api/server-errors';
import { useUpdateCompany } from '../api/update-company';
import { TextField } from './form-fields';

type FormInput = z.input<typeof companyWriteSchema>;
type FormOutput = z.output<typeof companyWriteSchema>;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** A company's name and logo: an address of the image, or an image file sent as itself. */
export function CompanyIdentityForm({ company }: { company: Company }) {
  const { t } = useTranslation('console');
  const update = useUpdateCompany();
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(companyWriteSchema),
    defaultValues: { name: company.name, logo: company.logo ?? '' },
  });
  const [fileError, setFileError] = useState<string>();
  const logo = watch('logo');

  async function pick(file: File | undefined) {
    setFileError(undefined);
    if (!file) return;
    const dataUrl = await readAsDataUrl(file);
    if (dataUrl.length > LOGO_DATA_URL_MAX) setFileError(t('operator.company.logoTooBig'));
    else setValue('logo', dataUrl, { shouldDirty: true });
  }

  const submit = handleSubmit(async ({ name, logo }) => {
    try {
      await update.mutateAsync({ companyId: company.id, body: { name, logo: logo ? logo : null } });
      notify({ type: 'success', title: t('operator.company.saved') });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.logo) setError('logo', { message: fields.logo }, { shouldFocus: true });
      else
        setError(
          'name',
          { message: fields.name ?? (errorCode(error) === 'CONFLICT' ? t('operator.companies.nameTaken') : t('common.saveFailed')) },
          { shouldFocus: true },
        );
    }
  });

  return (
    <form className="form console-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField label={t('company.name')} autoComplete="organization" error={formState.errors.name?.message} {...register('name')} />
      <TextField label={t('operator.company.logo')} inputMode="url" error={formState.errors.logo?.message} {...register('logo')} />
      <TextField
        label={t('operator.company.logoFile')}
        type="file"
        accept="image/png,image/jpeg,image/svg+xml,image/webp"
        hint={t('operator.company.logoHint')}
        error={fileError}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {logo && (
        <p className="console-logo-preview">
          <img src={logo} alt={t('operator.company.logoPreview', { name: company.name })} />
          <Button variant="ghost" onClick={() => setValue('logo', '', { shouldDirty: true })}>
            {t('operator.company.removeLogo')}
          </Button>
        </p>
      )}
      <div className="console-form__actions">
        <Button type="submit" isLoading={update.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
