import './avatar.css';

/** The letter is the first letter of the name, uppercased. */
function avatarLetter(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

/** Decorative: the full name is always given next to it or as text for screen readers. */
export function Avatar({ name, size = 'medium' }: { name: string; size?: 'small' | 'medium' }) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {avatarLetter(name)}
    </span>
  );
}
