import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { meQueryKey } from '@/features/auth/api/get-me';
import { CompanyPage } from '@/features/staff-console/components/company-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/company */
export function ConsoleCompanyRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('company.title'));
  const queryClient = useQueryClient();
  // The header shows the company's name from the profile.
  return <CompanyPage onRenamed={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })} />;
}
