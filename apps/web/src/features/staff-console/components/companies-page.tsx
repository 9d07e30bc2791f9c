import { zodResolver } from '@hookform/resolvers/zod';
import { companyWriteSchema } from '@prova/contract/staff-companies';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCreateCompany } from '../api/create-company';
import { useCompanies } from '../api/get-companies';
import { useCurrentCompany } from '../api/get-company';
import { errorCode, serverFieldErrors } from '../api/server-errors';
import { useSwitchCompany } from '../api/switch-company';
import { TextField } from './form-fields';
import { TableRegion } from './table-region';

/** The platform operator's client companies: every one, the current one marked, and a new one created. */
export function CompaniesPage() {
  const { t } = useTranslation('console');
  const listTitleId = useId();
  const companies = useCompanies();
  const current = useCurrentCompany();
  const switching = useSwitchCompany();

  async function makeCurrent(companyId: number) {
    try {
      const company = await switching.mutateAsync(companyId);
      notify({ type: 'success', title: t('operator.switcher.switched', { name: company.name }) });
    } catch {
      notify({ type: 'error', title: t('operator.switcher.failed') });
    }
  }

  return (
    <div className="console-page">
      <h1>{t('operator.companies.title')}</h1>
      <p>{t('operator.companies.intro')}</p>
      <section className="console-section" aria-labelledby="new-company-title">
        <h2 id="new-company-title">{t('operator.companies.newTitle')}</h2>
        <NewCompanyForm />
      </section>
      {companies.isPending ? (
        <PageSkeleton />
      ) : companies.isError ? (
        <LoadError message={t('operator.companies.loadError')} onRetry={() => void companies.refetch()} />
      ) : (
        <section className="console-section" aria-labelledby={listTitleId}>
          <h2 id={listTitleId}>{t('operator.companies.listTitle')}</h2>
          <TableRegion labelledBy={listTitleId}>
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t('operator.companies.name')}</th>
                  <th scope="col">{t('operator.companies.people')}</th>
                  <th scope="col">{t('operator.companies.campaigns')}</th>
                  <th scope="col">{t('operator.companies.sso')}</th>
                  <th scope="col">{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {companies.data.map((company) => {
                  const isCurrent = current.data?.id === company.id;
                  return (
                    <tr key={company.id} aria-current={isCurrent || undefined}>
                      <th scope="row">
                        {company.name}
                        {isCurrent && <span className="console-table__meta">{t('operator.companies.current')}</span>}
                      </th>
                      <td>{company.counts.people}</td>
                      <td>{company.counts.campaigns}</td>
                      <td>{company.ssoSlug ? `/sso/${company.ssoSlug}` : t('operator.companies.noSso')}</td>
                      <td>
                        <div className="console-row-actions">
                          <Link className="button button--secondary" to={paths.console.companyAdmin.getHref(company.id)}>
                            {t('operator.companies.manage', { name: company.name })}
                          </Link>
                          {!isCurrent && (
                            <Button variant="ghost" disabled={switching.isPending} onClick={() => void makeCurrent(company.id)}>
                              {t('operator.companies.makeCurrent', { name: company.name })}
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableRegion>
        </section>
      )}
    </div>
  );
}

type FormInput = z.input<typeof companyWriteSchema>;
type FormOutput = z.output<typeof companyWriteSchema>;

function NewCompanyForm() {
  const { t } = useTranslation('console');
  const create = useCreateCompany();
  const { register, handleSubmit, formState, setError, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(companyWriteSchema),
    defaultValues: { name: '' },
  });

  const submit = handleSubmit(async ({ name }) => {
    try {
      const company = await create.mutateAsync({ name });
      notify({ type: 'success', title: t('operator.companies.created', { name: company.name }) });
      reset({ name: '' });
    } catch (error) {
      const message =
        serverFieldErrors(error).name ?? (errorCode(error) === 'CONFLICT' ? t('operator.companies.nameTaken') : t('common.saveFailed'));
      setError('name', { message }, { shouldFocus: true });
    }
  });

  return (
    <form className="form console-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('operator.companies.newName')}
        autoComplete="organization"
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <div className="console-form__actions">
        <Button type="submit" isLoading={create.isPending}>
          {t('operator.companies.create')}
        </Button>
      </div>
    </form>
  );
}
