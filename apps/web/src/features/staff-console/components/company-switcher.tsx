import { useTranslation } from 'react-i18next';
import { notify } from '@/components/ui/notifications/notifications-store';
import { useCompanies } from '../api/get-companies';
import { useCurrentCompany } from '../api/get-company';
import { useSwitchCompany } from '../api/switch-company';
import { SelectField } from './form-fields';

/**
 * The platform operator's choice of the company the console works on (the session's current company): every other
 * page then shows and changes that company's campaigns, people and tests.
 */
export function CompanySwitcher() {
  const { t } = useTranslation('console');
  const companies = useCompanies();
  const current = useCurrentCompany();
  const switching = useSwitchCompany();
  if (!companies.data || !current.data) return null;

  async function choose(companyId: number) {
    try {
      const company = await switching.mutateAsync(companyId);
      notify({ type: 'success', title: t('operator.switcher.switched', { name: company.name }) });
    } catch {
      notify({ type: 'error', title: t('operator.switcher.failed') });
    }
  }

  return (
    <SelectField
      className="console-switcher"
      label={t('operator.switcher.label')}
      value={String(current.data.id)}
      disabled={switching.isPending}
      onChange={(event) => void choose(Number(event.target.value))}
      options={companies.data.map((company) => ({ value: String(company.id), label: company.name }))}
    />
  );
}
