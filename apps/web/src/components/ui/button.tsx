import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Shows a spinner and blocks clicks while an operation runs. */
  isLoading?: boolean;
}

export function Button({ variant = 'primary', isLoading = false, className, disabled, children, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading && <Spinner size="small" delayMs={0} decorative />}
      {children}
    </button>
  );
}
