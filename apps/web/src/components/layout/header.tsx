import type { User } from '@prova/contract/auth';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ChartIcon, HomeIcon, ListIcon, LogoMark } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { AccountWidget } from './account-widget';
import { SaveIndicator } from './save-indicator';
import './header-end.css';

export interface HeaderProps {
  user: User;
  /** Centred title: the campaign name. */
  title?: string;
  campaignCount: number;
  /** The room menu; hidden outside the campaign pages. */
  showMenu?: boolean;
  /** Phones hide the menu on some pages (the start-test details screen, spec section 2). */
  hideMobileMenu?: boolean;
  onLogout: () => void;
  isLoggingOut?: boolean;
  /** The sending queue's save status (campaign pages). */
  showSaveStatus?: boolean;
  /** During a test: the account widget shows a close button going here (spec section 2). */
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

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={paths.home.getHref()} className="brand">
          <LogoMark />
          <span className="visually-hidden">{t('header.home')}</span>
          <span className="brand__company">
            {user.company.logo ? (
              <img src={user.company.logo} alt={user.company.name} className="brand__logo" />
            ) : (
              user.company.name
            )}
          </span>
        </Link>
        <p className="site-header__title">{title}</p>
        <div className="site-header__end">
          {showSaveStatus && <SaveIndicator className="site-header__save" />}
          <AccountWidget
            fullName={fullName}
            canChangeCampaign={campaignCount > 1}
            onLogout={onLogout}
            isLoggingOut={isLoggingOut}
            closeTo={closeTo}
          />
        </div>
      </div>
      {showMenu && (
        <>
          <nav className="site-nav site-nav--desktop" aria-label={t('header.mainMenu')}>
            <ul>
              <li>
                <NavLink to={paths.home.getHref()} end>
                  <HomeIcon />
                  {t('header.overview')}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.app.report.getHref()}>
                  <ChartIcon />
                  {t('header.report')}
                </NavLink>
              </li>
            </ul>
          </nav>
          {!hideMobileMenu && (
            <nav className="site-nav site-nav--mobile" aria-label={t('header.mainMenu')}>
              <ul>
                <li>
                  <NavLink to={paths.home.getHref()} end>
                    <HomeIcon />
                    {t('header.overview')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.app.tests.getHref()}>
                    <ListIcon />
                    {t('header.tests')}
                  </NavLink>
                </li>
              </ul>
            </nav>
          )}
        </>
      )}
    </header>
  );
}
