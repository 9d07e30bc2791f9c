import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { CompanySwitcher } from './company-switcher';

/**
 * The console's sections. Campaigns stays current on a campaign's own page too, Test on a test's form. The platform's
 * operator also has the companies, and chooses the one the rest works on.
 */
export function ConsoleNav({ operator = false }: { operator?: boolean }) {
  const { t } = useTranslation('console');
  const items = [
    ...(operator ? [{ to: paths.console.companies.getHref(), label: t('nav.companies') }] : []),
    { to: paths.console.campaigns.getHref(), label: t('nav.campaigns') },
    { to: paths.console.library.getHref(), label: t('nav.library') },
    { to: paths.console.tests.getHref(), label: t('nav.tests') },
    { to: paths.console.samples.getHref(), label: t('nav.samples') },
    { to: paths.console.norms.getHref(), label: t('nav.norms') },
    { to: paths.console.import.getHref(), label: t('nav.import') },
    { to: paths.console.people.getHref(), label: t('nav.people') },
    { to: paths.console.company.getHref(), label: t('nav.company') },
    { to: paths.console.integrations.getHref(), label: t('nav.integrations') },
    { to: paths.console.languages.getHref(), label: t('nav.languages') },
    { to: paths.console.audit.getHref(), label: t('nav.audit') },
  ];
  return (
    <nav className="console-nav" aria-label={t('nav.label')}>
      {operator && <CompanySwitcher />}
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
