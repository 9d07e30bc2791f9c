import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@prova/contract/limits';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { useLeadingDebounce } from '@/lib/use-leading-debounce';
import { Button } from './button';

export interface FormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A send is running: Enter and clicks do nothing until it ends. */
  pending: boolean;
  children: ReactNode;
}

/**
 * The sign-in and password forms. A double click or a repeated Enter sends once;
 * the browser's own validation is off, the form's zod schema checks the values.
 */
export function Form({ onSubmit, pending, children }: FormProps) {
  const debouncedSubmit = useLeadingDebounce(onSubmit);
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) debouncedSubmit(event);
      }}
    >
      {children}
    </form>
  );
}

// An address is also the username; both kinds carry the contract's length limit.
const INPUTS = {
  email: {
    type: 'email',
    inputMode: 'email',
    autoComplete: 'username',
    autoCapitalize: 'none',
    spellCheck: false,
    maxLength: EMAIL_MAX_LENGTH,
  },
  password: { type: 'password', maxLength: PASSWORD_MAX_LENGTH },
} as const;

export interface FieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  id: string;
  label: string;
  type: keyof typeof INPUTS;
}

/** A required, labelled e-mail or password input (register()'s props, ref included, go to the input). */
export function Field({ id, label, type, ...input }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} required {...INPUTS[type]} {...input} />
    </div>
  );
}

export interface FormActionsProps {
  submitLabel: string;
  disabled: boolean;
  isLoading: boolean;
  /** The way out under the button: a link to another page. */
  aside: ReactNode;
}

export function FormActions({ submitLabel, disabled, isLoading, aside }: FormActionsProps) {
  return (
    <>
      <Button type="submit" className="button--block" disabled={disabled} isLoading={isLoading}>
        {submitLabel}
      </Button>
      <p className="form__aside">{aside}</p>
    </>
  );
}
