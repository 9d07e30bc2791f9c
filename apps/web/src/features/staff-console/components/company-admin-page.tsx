import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDeleteCompany } from '../api/delete-company';
import { useCompanies } from '../api/get-companies';
import { errorCode } from '../api/server-errors';
import { CompanyIdentityForm } from './company-identity-form';
import { CompanySsoSection } from './company-sso-form';
import { CompanyStaffSection } from './company-staff-section';
import { ConfirmDialog } from './confirm-dialog';

/** One client company as the platform's operator manages it: name and logo, single sign-on, staff, deletion. */
export function CompanyAdminPage({ companyId }: { companyId: number }) {
  const { t } = useTranslation('console');
  const companies = useCompanies();
  const company = companies.data?.find((c) => c.id === companyId);

  return (
    <div className="console-page">
      <p>
        <Link to={paths.console.companies.getHref()}>{t('operator.company.back')}</Link>
      </p>
      {companies.isPending ? (
        <PageSkeleton />
      ) : companies.isError || !company ? (
        <LoadError message={t('operator.company.loadError')} onRetry={() => void companies.refetch()} />
      ) : (
        <>
          <h1>{company.name}</h1>
          <section className="console-section" aria-labelledby="company-identity-title">
            <h2 id="company-identity-title">{t('operator.company.identityTitle')}</h2>
            <CompanyIdentityForm key={`${company.id}-${company.name}-${company.logo ?? ''}`} company={company} />
          </section>
          <CompanySsoSection companyId={company.id} />
          <CompanyStaffSection companyId={company.id} />
          <DeleteCompanySection companyId={company.id} name={company.name} />
        </>
      )}
    </div>
  );
}

function DeleteCompanySection({ companyId, name }: { companyId: number; name: string }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const remove = useDeleteCompany();
  const [open, setOpen] = useState(false);

  async function confirm() {
    try {
      await remove.mutateAsync(companyId);
      notify({ type: 'success', title: t('operator.company.deleted', { name }) });
      setOpen(false);
      void navigate(paths.console.companies.getHref());
    } catch {
      // The dialog says why (its error); nothing changed.
    }
  }

  return (
    <section className="console-section" aria-labelledby="company-delete-title">
      <h2 id="company-delete-title">{t('operator.company.deleteTitle')}</h2>
      <p>{t('operator.company.deleteNote')}</p>
      <div>
        <Button
          variant="secondary"
          onClick={() => {
            remove.reset();
            setOpen(true);
          }}
        >
          {t('operator.company.delete', { name })}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title={t('operator.company.confirmDelete', { name })}
        confirmLabel={t('operator.company.delete', { name })}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
        isPending={remove.isPending}
        error={remove.isError ? (errorCode(remove.error) === 'IN_USE' ? t('operator.company.inUse') : t('common.saveFailed')) : undefined}
      >
        <p>{t('operator.company.confirmDeleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
