import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon, CloseIcon, ConsoleIcon, LogoutIcon, MyDataIcon, PrivacyIcon, SwapIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import './account-widget.css';

export interface AccountWidgetProps {
  fullName: string;
  /** Only users with more than one campaign may change it. */
  canChangeCampaign: boolean;
  /** Staff (admin, superassessor): a way into the staff console. */
  showConsole?: boolean;
  onLogout: () => void;
  isLoggingOut?: boolean;
  /** During a test: a close button back to the room (or the 360 area). */
  closeTo?: string;
}

/**
 * Desktop: a disclosure button with avatar and name opening the entries.
 * Mobile (max-width 600px, via CSS): the entries become icon buttons with accessible names.
 */
export function AccountWidget({
  fullName,
  canChangeCampaign,
  showConsole = false,
  onLogout,
  isLoggingOut = false,
  closeTo,
}: AccountWidgetProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The menu's links, the same on a wide screen (entries with their names) and a narrow one (icons named).
  const links = [
    showConsole && { to: paths.console.root.getHref(), label: t('header.console'), icon: <ConsoleIcon /> },
    canChangeCampaign && { to: paths.selectCampaign.getHref(), label: t('header.changeCampaign'), icon: <SwapIcon /> },
    { to: paths.myData.getHref(), label: t('header.myData'), icon: <MyDataIcon /> },
    // The privacy text, to read again at any time (the selected campaign's, else the one accepted last); not during a
    // test, whose close button is the way out and takes its place on a 320 px phone's one row of icons.
    !closeTo && { to: paths.privacy.getHref(), label: t('header.privacy'), icon: <PrivacyIcon /> },
  ].filter((link) => link !== false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="account" ref={rootRef}>
      {closeTo && (
        <Link to={closeTo} className="icon-button account__close" aria-label={t('header.closeTest')} title={t('header.closeTest')}>
          <CloseIcon />
        </Link>
      )}
      {/* Desktop */}
      <div
        className="account__desktop"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <button
          ref={toggleRef}
          type="button"
          className="account__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <Avatar name={fullName} />
          <span className="account__name">{fullName}</span>
          <ChevronDownIcon />
        </button>
        <ul id={panelId} className="account__panel" hidden={!open}>
          {links.map(({ to, label, icon }) => (
            <li key={to}>
              <Link to={to} className="account__entry" onClick={() => setOpen(false)}>
                {icon}
                {label}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="account__entry" onClick={onLogout} disabled={isLoggingOut}>
              <LogoutIcon />
              {t('header.logout')}
            </button>
          </li>
        </ul>
      </div>

      {/* Mobile */}
      <div className="account__mobile">
        <span className="account__avatar-only">
          <Avatar name={fullName} size="small" />
          <span className="visually-hidden">{fullName}</span>
        </span>
        {links.map(({ to, label, icon }) => (
          <Link key={to} to={to} className="icon-button" aria-label={label} title={label}>
            {icon}
          </Link>
        ))}
        <button
          type="button"
          className="icon-button"
          aria-label={t('header.logout')}
          title={t('header.logout')}
          onClick={onLogout}
          disabled={isLoggingOut}
        >
          <LogoutIcon />
        </button>
      </div>
    </div>
  );
}
