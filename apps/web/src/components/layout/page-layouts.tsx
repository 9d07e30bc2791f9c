import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/ui/icons';
import './header.css';

/** `id="main"` is the target of the skip link; tabIndex lets route changes move focus here. */
function Main({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main id="main" tabIndex={-1} className={['main', className].filter(Boolean).join(' ')}>
      {children}
    </main>
  );
}

function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p>{t('app.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

/** Login and other pages without a session: the product mark, one centred card, the footer. */
export function CenteredLayout({ children, header }: { children: ReactNode; header?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="layout layout--centered">
      {header ?? (
        <header className="site-header site-header--plain">
          <div className="site-header__bar">
            <span className="brand">
              <LogoMark />
              <span className="brand__name">{t('app.name')}</span>
            </span>
          </div>
        </header>
      )}
      <Main className="main--centered">{children}</Main>
      <Footer />
    </div>
  );
}

/** Pages inside a campaign: the full header, the page, the footer. */
export function AppLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="layout">
      {header}
      <Main>{children}</Main>
      <Footer />
    </div>
  );
}
