import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Shows a spinner and blocks clicks while an operation runs. */
  isLoading?: boolean;
  /** A dialog focuses its main action on opening (React 19 passes a ref as a prop). */
  ref?: Ref<HTMLButtonElement>;
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
