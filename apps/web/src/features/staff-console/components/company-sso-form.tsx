import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanySso, companySsoWriteSchema, type SsoCheck } from '@prova/contract/staff-companies';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { useCompanySso, useSaveCompanySso, useTestCompanySso } from '../api/company-sso';
import { errorCode, serverFieldErrors } from '../api/server-errors';
import { TextField } from './form-fields';

type FormInput = z.input<typeof companySsoWriteSchema>;
type FormOutput = z.output<typeof companySsoWriteSchema>;

/** A company's single sign-on: loaded, then the form. */
export function CompanySsoSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation('console');
  const sso = useCompanySso(companyId);
  return (
    <section className="console-section" aria-labelledby="company-sso-title">
      <h2 id="company-sso-title">{t('operator.sso.title')}</h2>
      <p>{t('operator.sso.intro')}</p>
      {sso.isPending ? (
        <PageSkeleton />
      ) : sso.isError ? (
        <LoadError message={t('operator.sso.loadError')} onRetry={() => void sso.refetch()} />
      ) : (
        <CompanySsoForm companyId={companyId} sso={sso.data} />
      )}
    </section>
  );
}

/** The settings, a "test the connection" that says what is wrong, saving and taking away. */
export function CompanySsoForm({ companyId, sso }: { companyId: number; sso: CompanySso | null }) {
  const { t } = useTranslation('console');
  const save = useSaveCompanySso(companyId);
  const test = useTestCompanySso(companyId);
  const [check, setCheck] = useState<SsoCheck | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(companySsoWriteSchema),
    defaultValues: {
      slug: sso?.slug ?? '',
      issuer: sso?.issuer ?? '',
      clientId: sso?.clientId ?? '',
      emailClaim: sso?.emailClaim ?? 'email',
    },
  });
  const secretLeftOut = (body: FormOutput) => (body.clientSecret ? body : { ...body, clientSecret: undefined });

  const onTest = handleSubmit(async (body) => {
    setCheck(null);
    try {
      setCheck(await test.mutateAsync(secretLeftOut(body)));
    } catch {
      notify({ type: 'error', title: t('common.saveFailed') });
    }
  });

  const onSave = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(secretLeftOut(body));
      notify({ type: 'success', title: t('operator.sso.saved') });
    } catch (error) {
      const fields = serverFieldErrors(error);
      const [field, message] = Object.entries(fields)[0] ?? [];
      if (field) setError(field as keyof FormInput, { message }, { shouldFocus: true });
      else
        setError(
          'slug',
          { message: errorCode(error) === 'CONFLICT' ? t('operator.sso.slugTaken') : t('common.saveFailed') },
          { shouldFocus: true },
        );
    }
  });

  async function remove() {
    try {
      await save.mutateAsync(null);
      notify({ type: 'success', title: t('operator.sso.removed') });
    } catch {
      notify({ type: 'error', title: t('common.saveFailed') });
    }
  }

  return (
    <form className="form console-form" noValidate onSubmit={(event) => void onSave(event)}>
      <TextField
        label={t('operator.sso.slug')}
        hint={t('operator.sso.slugHint')}
        error={formState.errors.slug?.message}
        {...register('slug')}
      />
      <TextField label={t('operator.sso.issuer')} inputMode="url" error={formState.errors.issuer?.message} {...register('issuer')} />
      <TextField
        label={t('operator.sso.clientId')}
        autoComplete="off"
        error={formState.errors.clientId?.message}
        {...register('clientId')}
      />
      <TextField
        label={t('operator.sso.clientSecret')}
        type="password"
        autoComplete="new-password"
        hint={sso?.hasSecret ? t('operator.sso.secretKept') : undefined}
        error={formState.errors.clientSecret?.message}
        {...register('clientSecret')}
      />
      <TextField label={t('operator.sso.emailClaim')} error={formState.errors.emailClaim?.message} {...register('emailClaim')} />
      {sso && (
        <p>
          {t('operator.sso.redirectUri')}: <code>{sso.redirectUri}</code>
        </p>
      )}
      <div role="status" aria-live="polite">
        {check && <CheckOutcome check={check} />}
      </div>
      <div className="console-form__actions">
        <Button variant="secondary" isLoading={test.isPending} onClick={() => void onTest()}>
          {t('operator.sso.test')}
        </Button>
        <Button type="submit" isLoading={save.isPending}>
          {t('operator.sso.save')}
        </Button>
        {sso && (
          <Button variant="ghost" disabled={save.isPending} onClick={() => void remove()}>
            {t('operator.sso.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** What the connection test found, in words. */
function CheckOutcome({ check }: { check: SsoCheck }) {
  const { t } = useTranslation('console');
  if (check.ok) return <p className="callout callout--success">{t('operator.sso.checkOk')}</p>;
  return (
    <div className="callout callout--error">
      <p>
        <strong>{t('operator.sso.checkFailed')}</strong>{' '}
        {check.problem &&
          t(`operator.sso.problem.${check.problem}`, { status: check.httpStatus, url: check.discoveryUrl, found: check.found })}
      </p>
      {check.detail && <p>{t('operator.sso.detail', { detail: check.detail })}</p>}
    </div>
  );
}
