import type { SVGProps } from 'react';

/** Decorative icons: the control that holds one carries the accessible name. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const HomeIcon = () => (
  <Icon>
    <path d="M3 11 12 4l9 7" />
    <path d="M5 10v10h14V10" />
  </Icon>
);

export const ListIcon = () => (
  <Icon>
    <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
  </Icon>
);

export const ChartIcon = () => (
  <Icon>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </Icon>
);

export const SwapIcon = () => (
  <Icon>
    <path d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" />
  </Icon>
);

/** The staff console: four panels. */
export const ConsoleIcon = () => (
  <Icon>
    <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />
  </Icon>
);

/** One's own data: a document with a downward arrow. */
export const MyDataIcon = () => (
  <Icon>
    <path d="M6 3h8l4 4v14H6zM14 3v4h4M12 10v7M9 14l3 3 3-3" />
  </Icon>
);

/** The privacy text: a shield with a tick. */
export const PrivacyIcon = () => (
  <Icon>
    <path d="M12 3l7 3v5c0 5-3 8.5-7 10-4-1.5-7-5-7-10V6zM9 12l2 2 4-4" />
  </Icon>
);

export const LogoutIcon = () => (
  <Icon>
    <path d="M15 4h4v16h-4M10 16l-4-4 4-4M6 12h10" />
  </Icon>
);

export const ChevronDownIcon = () => (
  <Icon width="16" height="16">
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

/** The product mark. */
export const LogoMark = () => (
  <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className="logo-mark">
    <rect width="32" height="32" rx="7" fill="currentColor" />
    <path d="M11 24V8h6.5a5 5 0 0 1 0 10H11" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

// The test room's status and page icons.

export const NotAttemptedIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
  </Icon>
);

export const IncompleteIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3a9 9 0 0 1 0 18Z" fill="currentColor" />
  </Icon>
);

export const CompleteIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16.5 9.5" />
  </Icon>
);

export const LockIcon = () => (
  <Icon width="18" height="18">
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Icon>
);

export const ClockIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

export const BackIcon = () => (
  <Icon>
    <path d="M15 18 9 12l6-6" />
  </Icon>
);
