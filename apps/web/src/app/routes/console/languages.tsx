import { OPERATOR_ROLE } from '@prova/contract/auth';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/api/get-me';
import { LanguagesPage } from '@/features/staff-console/components/languages-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/languages: the platform's content languages (the operator's to change). */
export function ConsoleLanguagesRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('langs.title'));
  const user = useUser().data;
  return user ? <LanguagesPage isOperator={user.role.name === OPERATOR_ROLE} /> : null;
}
