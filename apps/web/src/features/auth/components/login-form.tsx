import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@prova/contract/auth';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field, Form, FormActions } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { hasErrorCode } from '@/lib/api-client';
import { takeTypedBeforeStart } from '@/lib/typed-before-start';
import { type LoginResponse, mustSetPassword } from '@prova/contract/campaigns';
import { useLogin } from '../api/login';

export interface LoginFormProps {
  defaultUsername?: string;
  /** The next steps of the sign-in flow are running (profile, campaigns). */
  busy?: boolean;
  onSuccess: (answer: LoginResponse) => void;
  /** 422 NO_ACTIVE_CAMPAIGN. */
  onNoActiveCampaign: () => void;
  /** The person has no password yet: the server mailed them a link to set one. */
  onPasswordMustBeSet: (email: string) => void;
}

type LoginError = 'wrongCredentials' | 'cannotVerify' | 'tooMany' | 'ssoRequired';

export function LoginForm({ defaultUsername = '', busy = false, onSuccess, onNoActiveCampaign, onPasswordMustBeSet }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [error, setError] = useState<LoginError | null>(null);
  const { register, handleSubmit, control, setFocus, setValue, getValues } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: defaultUsername, password: '' },
  });
  // The error takes the person back to the form: focus on the address, which the error describes.
  useEffect(() => {
    if (error) setFocus('username');
  }, [error, setFocus]);
  // Renders again at every keystroke; the values themselves are read from the form (below).
  useWatch({ control, name: ['username', 'password'] });
  // Typed into the prerendered page before the app started: the form takes it over, and renders once more to
  // enable the button (rendered disabled by the server; useWatch saw only the empty defaults).
  const [, setTakenOver] = useState(false);
  useEffect(() => {
    let typedAny = false;
    for (const name of ['username', 'password'] as const) {
      const typed = takeTypedBeforeStart(name);
      if (typed === undefined) continue;
      setValue(name, typed, { shouldDirty: true });
      typedAny = true;
    }
    if (typedAny) setTakenOver(true);
  }, [setValue]);
  const { username, password } = getValues();
  const filled = username.trim() !== '' && password !== '';

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await login.mutateAsync(values);
      if (mustSetPassword(answer)) onPasswordMustBeSet(answer.email);
      else onSuccess(answer);
    } catch (err) {
      if (hasErrorCode(err, 'NO_ACTIVE_CAMPAIGN')) onNoActiveCampaign();
      else if (hasErrorCode(err, 'RATE_LIMITED')) setError('tooMany');
      else if (hasErrorCode(err, 'SSO_REQUIRED')) setError('ssoRequired');
      else setError(hasErrorCode(err, 'WRONG_CREDENTIALS') ? 'wrongCredentials' : 'cannotVerify');
    }
  });
  const pending = login.isPending || busy;

  return (
    <Form onSubmit={(event) => void submit(event)} pending={pending}>
      <Field
        id="login-username"
        type="email"
        label={t('login.email')}
        aria-invalid={error === 'wrongCredentials' || undefined}
        aria-describedby={error ? 'login-error' : undefined}
        {...register('username')}
      />
      <Field
        id="login-password"
        type="password"
        label={t('login.password')}
        autoComplete="current-password"
        aria-invalid={error === 'wrongCredentials' || undefined}
        aria-describedby={error ? 'login-error' : undefined}
        {...register('password')}
      />

      <div id="login-error" role="alert" className="form__error">
        {error ? t(`login.${error}`) : null}
      </div>

      <FormActions
        submitLabel={t('login.submit')}
        disabled={!filled}
        isLoading={pending}
        aside={<Link to={paths.auth.reset.getHref()}>{t('login.forgotPassword')}</Link>}
      />
    </Form>
  );
}
