import type { User } from '@prova/contract/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ChartIcon, HomeIcon, ListIcon, LogoMark } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { AccountWidget } from './account-widget';
import { SaveIndicator } from './save-indicator';
import './header-end.css';
import './header.css';

export interface HeaderProps {
  user: User;
  /** Centred title: the campaign name. */
  title?: string;
  campaignCount: number;
  /** The room menu; hidden outside the campaign pages. */
  showMenu?: boolean;
  /** Phones hide the menu on some pages (the start-test details screen). */
  hideMobileMenu?: boolean;
  onLogout: () => void;
  isLoggingOut?: boolean;
  /** The sending queue's save status (campaign pages). */
  showSaveStatus?: boolean;
  /** During a test: the account widget shows a close button going here. */
  closeTo?: string;
}

export function Header({
  user,
  title,
  campaignCount,
  showMenu = false,
  hideMobileMenu = false,
  onLogout,
  isLoggingOut,
  showSaveStatus = false,
  closeTo,
}: HeaderProps) {
  const { t } = useTranslation();
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  const overview: NavItem = { to: paths.home.getHref(), end: true, icon: <HomeIcon />, label: t('header.overview') };
  // Every role reaches its work and its report at every width; an assessor's work is the home itself.
  const menu: NavItem[] = [
    overview,
    ...(user.isAssessor ? [] : [{ to: paths.app.tests.getHref(), icon: <ListIcon />, label: t('header.tests') }]),
    { to: paths.app.report.getHref(), icon: <ChartIcon />, label: t('header.report') },
  ];

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={paths.home.getHref()} className="brand">
          <LogoMark />
          <span className="visually-hidden">{t('header.home')}</span>
          {/* The company's logo stays at every width; its name, without a logo, only where there is room. */}
          {user.company.logo ? (
            <img src={user.company.logo} alt={user.company.name} className="brand__logo" />
          ) : (
            <span className="brand__company">{user.company.name}</span>
          )}
        </Link>
        <p className="site-header__title">{title}</p>
        <div className="site-header__end">
          <SaveIndicator className="site-header__save" always={showSaveStatus} />
          <AccountWidget
            fullName={fullName}
            canChangeCampaign={campaignCount > 1}
            showConsole={user.permissions.includes('staff')}
            onLogout={onLogout}
            isLoggingOut={isLoggingOut}
            closeTo={closeTo}
          />
        </div>
      </div>
      {showMenu && (
        <>
          <SiteNav variant="desktop" items={menu} />
          {!hideMobileMenu && <SiteNav variant="mobile" items={menu} />}
        </>
      )}
    </header>
  );
}

interface NavItem {
  to: string;
  icon: ReactNode;
  label: string;
  /** Active only on this exact path (the overview, not every page below it). */
  end?: boolean;
}

/** The room menu: one for wide screens, one for phones (header.css shows the one that fits). */
function SiteNav({ variant, items }: { variant: 'desktop' | 'mobile'; items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <nav className={`site-nav site-nav--${variant}`} aria-label={t('header.mainMenu')}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {item.icon}
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
