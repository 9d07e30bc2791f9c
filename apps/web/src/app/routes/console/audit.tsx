import { OPERATOR_ROLE } from '@prova/contract/auth';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/api/get-me';
import { AuditPage } from '@/features/staff-console/components/audit-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/audit: the audit trail. */
export function ConsoleAuditRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('audit.title'));
  const user = useUser().data;
  return user ? <AuditPage isOperator={user.role.name === OPERATOR_ROLE} /> : null;
}
