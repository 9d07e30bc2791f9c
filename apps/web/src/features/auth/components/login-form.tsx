import { loginRequestSchema } from '@prova/contract/auth';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Field, Form, FormActions } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { hasErrorCode } from '@/lib/api-client';
import { takeSubmitBeforeStart, takeTypedBeforeStart } from '@/lib/typed-before-start';
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
  // Plain state rather than a form library: the form is in every page's JavaScript (docs/performance.md).
  const [values, setValues] = useState({ username: defaultUsername, password: '' });
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The error takes the person back to the form: focus on the address, which the error describes.
  useEffect(() => {
    if (error) usernameRef.current?.focus();
  }, [error]);
  // Typed into the prerendered page before the app started: the form takes it over (and enables the button, rendered
  // disabled by the server).
  // An Enter pressed there meanwhile is carried out once the values are in.
  const [submitTyped, setSubmitTyped] = useState(false);
  useEffect(() => {
    const before = { username: takeTypedBeforeStart('username'), password: takeTypedBeforeStart('password') };
    // The field itself first: a key pressed between the snapshot taken before hydration and this effect is only there.
    const username = usernameRef.current?.value || before.username;
    const password = passwordRef.current?.value || before.password;
    const asked = takeSubmitBeforeStart();
    if (username === undefined && password === undefined) return;
    setValues((current) => ({ username: username ?? current.username, password: password ?? current.password }));
    setSubmitTyped(asked);
  }, []);
  const filled = values.username.trim() !== '' && values.password !== '';
  const change = (name: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  async function submit() {
    // The contract's schema, as the server's: the first field it refuses gets the focus, and nothing is sent.
    const parsed = loginRequestSchema.safeParse(values);
    if (!parsed.success) {
      (parsed.error.issues[0]?.path[0] === 'password' ? passwordRef : usernameRef).current?.focus();
      return;
    }
    setError(null);
    try {
      const answer = await login.mutateAsync(parsed.data);
      if (mustSetPassword(answer)) onPasswordMustBeSet(answer.email);
      else onSuccess(answer);
    } catch (err) {
      if (hasErrorCode(err, 'NO_ACTIVE_CAMPAIGN')) onNoActiveCampaign();
      else if (hasErrorCode(err, 'RATE_LIMITED')) setError('tooMany');
      else if (hasErrorCode(err, 'SSO_REQUIRED')) setError('ssoRequired');
      else setError(hasErrorCode(err, 'WRONG_CREDENTIALS') ? 'wrongCredentials' : 'cannotVerify');
    }
  }
  const pending = login.isPending || busy;
  useEffect(() => {
    if (!submitTyped) return;
    setSubmitTyped(false);
    void submit();
  }, [submitTyped]);

  return (
    <Form onSubmit={() => void submit()} pending={pending}>
      <Field
        id="login-username"
        type="email"
        label={t('login.email')}
        aria-invalid={error === 'wrongCredentials' || undefined}
        aria-describedby={error ? 'login-error' : undefined}
        ref={usernameRef}
        name="username"
        value={values.username}
        onChange={change('username')}
      />
      <Field
        id="login-password"
        type="password"
        label={t('login.password')}
        autoComplete="current-password"
        aria-invalid={error === 'wrongCredentials' || undefined}
        aria-describedby={error ? 'login-error' : undefined}
        ref={passwordRef}
        name="password"
        value={values.password}
        onChange={change('password')}
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
