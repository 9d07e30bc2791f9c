import { idSchema } from '@prova/contract/common';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { CompaniesPage } from '@/features/staff-console/components/companies-page';
import { CompanyAdminPage } from '@/features/staff-console/components/company-admin-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/companies: the platform operator's client companies. */
export function ConsoleCompaniesRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('operator.companies.title'));
  return <CompaniesPage />;
}

/** /console/companies/:companyId: one company's name, logo, single sign-on, staff. */
export function ConsoleCompanyAdminRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('operator.companies.title'));
  const parsed = idSchema.safeParse(useParams().companyId);
  if (!parsed.success) {
    return (
      <div className="console-page">
        <h1>{t('operator.company.loadError')}</h1>
        <p>
          <Link to={paths.console.companies.getHref()}>{t('operator.company.back')}</Link>
        </p>
      </div>
    );
  }
  return <CompanyAdminPage key={parsed.data} companyId={parsed.data} />;
}
