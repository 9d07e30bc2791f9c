import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/api/get-me';
import { TestLibraryPage } from '@/features/staff-console/components/test-library-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/library: every test the company may use. */
export function ConsoleLibraryRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('library.title'));
  const user = useUser().data;
  return user ? <TestLibraryPage companyId={user.company.id} /> : null;
}
