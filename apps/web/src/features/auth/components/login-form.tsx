import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@prova/contract/auth';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@prova/contract/limits';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { hasErrorCode } from '@/lib/api-client';
import { useLeadingDebounce } from '@/lib/use-leading-debounce';
import { useLogin, type LoginAnswer } from '../api/login';

export interface LoginFormProps {
  defaultUsername?: string;
  /** The next steps of the sign-in flow are running (profile, campaigns). */
  busy?: boolean;
  onSuccess: (answer: LoginAnswer) => void;
  /** 422 NO_ACTIVE_CAMPAIGN (spec section 8). */
  onNoActiveCampaign: () => void;
}

type LoginError = 'wrongCredentials' | 'cannotVerify';

export function LoginForm({ defaultUsername = '', busy = false, onSuccess, onNoActiveCampaign }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [error, setError] = useState<LoginError | null>(null);
  const { register, handleSubmit, control } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: defaultUsername, password: '' },
  });
  const [username, password] = useWatch({ control, name: ['username', 'password'] });
  const filled = username.trim() !== '' && password !== '';

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      onSuccess(await login.mutateAsync(values));
    } catch (err) {
      if (hasErrorCode(err, 'NO_ACTIVE_CAMPAIGN')) onNoActiveCampaign();
      else setError(hasErrorCode(err, 'WRONG_CREDENTIALS') ? 'wrongCredentials' : 'cannotVerify');
    }
  });
  const debouncedSubmit = useLeadingDebounce((event: FormEvent<HTMLFormElement>) => void submit(event));
  const pending = login.isPending || busy;

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) debouncedSubmit(event);
      }}
    >
      <div className="field">
        <label htmlFor="login-username">{t('login.email')}</label>
        <input
          id="login-username"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={EMAIL_MAX_LENGTH}
          required
          aria-invalid={error === 'wrongCredentials' || undefined}
          aria-describedby={error ? 'login-error' : undefined}
          {...register('username')}
        />
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('login.password')}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          required
          aria-invalid={error === 'wrongCredentials' || undefined}
          aria-describedby={error ? 'login-error' : undefined}
          {...register('password')}
        />
      </div>

      <div id="login-error" role="alert" className="form__error">
        {error ? t(`login.${error}`) : null}
      </div>

      <Button type="submit" className="button--block" disabled={!filled} isLoading={pending}>
        {t('login.submit')}
      </Button>

      <p className="form__aside">
        <Link to={paths.auth.reset.getHref()}>{t('login.forgotPassword')}</Link>
      </p>
    </form>
  );
}
