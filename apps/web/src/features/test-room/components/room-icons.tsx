import type { ReactNode } from 'react';

/** Decorative icons of the room: the element holding one carries the accessible name. */
function RoomIcon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const NotAttemptedIcon = () => (
  <RoomIcon>
    <circle cx="12" cy="12" r="9" />
  </RoomIcon>
);

export const IncompleteIcon = () => (
  <RoomIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3a9 9 0 0 1 0 18Z" fill="currentColor" />
  </RoomIcon>
);

export const CompleteIcon = () => (
  <RoomIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16.5 9.5" />
  </RoomIcon>
);

export const LockIcon = () => (
  <RoomIcon size={18}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </RoomIcon>
);

export const ClockIcon = () => (
  <RoomIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </RoomIcon>
);

export const BackIcon = () => (
  <RoomIcon>
    <path d="M15 18 9 12l6-6" />
  </RoomIcon>
);

export const CalendarIcon = () => (
  <RoomIcon>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </RoomIcon>
);
