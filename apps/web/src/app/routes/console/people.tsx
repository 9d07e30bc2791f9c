import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/api/get-me';
import { PeoplePage } from '@/features/staff-console/components/people-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/people */
export function ConsolePeopleRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('people.title'));
  const user = useUser().data;
  return user ? <PeoplePage currentUserId={user.id} /> : null;
}
