import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@prova/contract/limits';
import {
  canSubmitNewPassword,
  newPasswordFormSchema,
  passwordRuleFailures,
  type NewPasswordForm as NewPasswordValues,
  type PasswordErrorKey,
  type PasswordRule,
} from '@prova/contract/password';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field, Form, FormActions } from '@/components/ui/form';
import { notify } from '@/components/ui/notifications/notifications-store';
import { paths } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { passwordErrorKeys, useResetPassword } from '../api/reset-password';
import '@/locales/it/password';

export interface NewPasswordFormProps {
  email: string;
  token: string;
  /** The next steps after the change are running (signing in). */
  busy?: boolean;
  onSuccess: (result: { username: string; password: string }) => void;
  /** The server no longer accepts the link (422 INVALID_USER or INVALID_TOKEN). */
  onInvalidLink: (code: 'INVALID_USER' | 'INVALID_TOKEN') => void;
}

/** Where each server key's message lives (min and confirmed are the client rules' own texts). */
const SERVER_MESSAGES = {
  'validation.password.min': 'newPassword.rules.min',
  'validation.password.confirmed': 'newPassword.rules.confirmation',
  'validation.password.symbols': 'newPassword.server.symbols',
  'validation.password.letters': 'newPassword.server.letters',
  'validation.password.numbers': 'newPassword.server.numbers',
  'validation.password.mixed': 'newPassword.server.mixed',
  'validation.password.uncompromised': 'newPassword.server.uncompromised',
} as const satisfies Record<PasswordErrorKey, string>;

/**
 * The new password and its confirmation. The client rules the password
 * breaks are listed together as the user types; the rules the server adds (symbols, common
 * passwords...) come back under the title 'Password validation error :'.
 */
export function NewPasswordForm({ email, token, busy = false, onSuccess, onInvalidLink }: NewPasswordFormProps) {
  const { t } = useTranslation('password');
  const reset = useResetPassword();
  const ids = { info: useId(), rules: useId(), server: useId() };
  const [submitted, setSubmitted] = useState(false);
  const [serverKeys, setServerKeys] = useState<PasswordErrorKey[]>([]);
  const { register, handleSubmit, control, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const [password, confirmation] = useWatch({ control, name: ['password', 'password_confirmation'] });

  // Each rule is told once the field it is about has been typed in (or the form was sent).
  const shown = (rule: PasswordRule) =>
    submitted || (rule === 'confirmation' ? formState.dirtyFields.password_confirmation : formState.dirtyFields.password);
  const failures = passwordRuleFailures(password, confirmation).filter(shown);
  const passwordInvalid = failures.some((rule) => rule !== 'confirmation') || serverKeys.length > 0;

  const submit = handleSubmit(
    async (values) => {
      setServerKeys([]);
      try {
        const { username } = await reset.mutateAsync({ email, token, ...values });
        onSuccess({ username, password: values.password });
      } catch (error) {
        const keys = passwordErrorKeys(error);
        if (keys.length > 0) {
          setServerKeys(keys);
          return;
        }
        if (isApiClientError(error) && (error.code === 'INVALID_USER' || error.code === 'INVALID_TOKEN')) {
          notify({ type: 'error', title: t('newPassword.failure') });
          onInvalidLink(error.code);
          return;
        }
        // Timeouts and offline were already announced by the API error listener.
        if (!isApiClientError(error) || error.kind === 'http' || error.kind === 'invalid-response') {
          notify({ type: 'error', title: t('newPassword.failure') });
        }
      }
    },
    () => setSubmitted(true),
  );
  const pending = reset.isPending || busy;

  return (
    <Form onSubmit={(event) => void submit(event)} pending={pending}>
      {/* Lets password managers save the new password for the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <p id={ids.info} className="field__hint">
        {t('newPassword.info', { min: PASSWORD_MIN_LENGTH })}
      </p>
      <Field
        id="new-password"
        type="password"
        label={t('newPassword.password')}
        autoComplete="new-password"
        aria-invalid={passwordInvalid || undefined}
        aria-describedby={`${ids.info} ${ids.rules} ${ids.server}`}
        {...register('password', { onChange: () => setServerKeys([]) })}
      />
      <Field
        id="new-password-confirmation"
        type="password"
        label={t('newPassword.confirmation')}
        autoComplete="new-password"
        aria-invalid={failures.includes('confirmation') || undefined}
        aria-describedby={ids.rules}
        {...register('password_confirmation')}
      />

      {/* All the broken rules together, announced as they change. */}
      <div id={ids.rules} className="form__error" aria-live="polite">
        {failures.length > 0 && (
          <ul className="form__messages">
            {failures.map((rule) => (
              <li key={rule}>{t(`newPassword.rules.${rule}`, { min: PASSWORD_MIN_LENGTH })}</li>
            ))}
          </ul>
        )}
      </div>

      <div id={ids.server} className="form__error" role="alert">
        {serverKeys.length > 0 && (
          <>
            <p className="form__messages-title">{t('newPassword.server.title')}</p>
            <ul className="form__messages">
              {serverKeys.map((key) => (
                <li key={key}>{t(SERVER_MESSAGES[key], { min: PASSWORD_MIN_LENGTH })}</li>
              ))}
            </ul>
          </>
        )}
      </div>

      <FormActions
        submitLabel={t('newPassword.submit')}
        disabled={!canSubmitNewPassword(password, confirmation)}
        isLoading={pending}
        aside={<Link to={paths.auth.login.getHref()}>{t('newPassword.cancel')}</Link>}
      />
    </Form>
  );
}
