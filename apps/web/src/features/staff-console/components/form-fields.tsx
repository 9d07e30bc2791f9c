import { useId, type ComponentProps, type ReactNode } from 'react';

interface FieldFrame {
  label: string;
  /** The problem with the value, shown under the field and tied to it (aria-describedby). */
  error?: string;
  hint?: ReactNode;
}

/** Ids that tie a control to its hint and its error. */
function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldExtras({ hint, hintId, error, errorId }: { hint: ReactNode; hintId: string; error?: string; errorId: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="console-field__error">
          {error}
        </p>
      )}
    </>
  );
}

export type TextFieldProps = FieldFrame & Omit<ComponentProps<'input'>, 'id'>;

/** A labelled input (register()'s props, ref included, go to the input). */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={['field', 'console-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id}>{label}</label>
      <input id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <FieldExtras hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type SelectFieldProps = FieldFrame & Omit<ComponentProps<'select'>, 'id'> & { options: { value: string; label: string }[] };

export function SelectField({ label, error, hint, options, className, ...select }: SelectFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={['field', 'console-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id}>{label}</label>
      <select id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldExtras hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type TextAreaFieldProps = FieldFrame & Omit<ComponentProps<'textarea'>, 'id'>;

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={['field', 'console-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id}>{label}</label>
      <textarea id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...textarea} />
      <FieldExtras hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
