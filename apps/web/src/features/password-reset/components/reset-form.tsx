import { zodResolver } from '@hookform/resolvers/zod';
import { sendPasswordResetRequestSchema, type SendPasswordResetRequest } from '@prova/contract/password';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Form, FormActions } from '@/components/ui/form';
import { NoticePanel } from '@/components/ui/notice-panel';
import { paths } from '@/config/paths';
import { hasErrorCode, isApiClientError } from '@/lib/api-client';
import { useSendPasswordReset } from '../api/send-password-reset';
import '@/locales/it/password';

/**
 * Asks for the password-reset e-mail. The answer never tells whether the
 * address exists, so success always says "if the address is right, a mail is on its way".
 */
export function ResetForm() {
  const { t } = useTranslation('password');
  const send = useSendPasswordReset();
  const [invalid, setInvalid] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, setFocus } = useForm<SendPasswordResetRequest>({
    resolver: zodResolver(sendPasswordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const filled = email.trim() !== '';

  // The error stays beside the form, and the focus goes to the address it is about.
  function requestFailed(message = t('reset.error.message')) {
    setFailure(`${t('reset.error.title')}. ${message}`);
  }
  useEffect(() => {
    if (failure) setFocus('email');
  }, [failure, setFocus]);

  const submit = handleSubmit(
    async (values) => {
      setInvalid(false);
      setFailure(null);
      try {
        await send.mutateAsync(values);
        setSent(true);
      } catch (error) {
        if (hasErrorCode(error, 'RATE_LIMITED')) requestFailed(t('reset.error.tooMany'));
        // Timeouts and offline were already announced by the API error listener.
        else if (!isApiClientError(error) || error.kind === 'http' || error.kind === 'invalid-response') {
          setInvalid(hasErrorCode(error, 'VALIDATION'));
          requestFailed();
        }
      }
    },
    // Not an e-mail address: the same answer as the server's, without asking it.
    () => {
      setInvalid(true);
      setFailure(null);
      requestFailed();
    },
  );
  if (sent) {
    return (
      <NoticePanel
        tone="success"
        title={t('reset.success')}
        actions={
          <>
            <Link to={paths.auth.login.getHref()}>{t('reset.backToLogin')}</Link>
            <Button variant="secondary" onClick={() => setSent(false)}>
              {t('reset.sendAgain')}
            </Button>
          </>
        }
      >
        <p>{t('reset.sentNext')}</p>
      </NoticePanel>
    );
  }
  return (
    <Form onSubmit={(event) => void submit(event)} pending={send.isPending}>
      <Field
        id="reset-email"
        type="email"
        label={t('reset.email')}
        aria-invalid={invalid || undefined}
        aria-describedby={failure ? 'reset-error' : undefined}
        {...register('email', { onChange: () => setInvalid(false) })}
      />
      <div id="reset-error" role="alert" className="form__error">
        {failure}
      </div>

      <FormActions
        submitLabel={t('reset.submit')}
        disabled={!filled}
        isLoading={send.isPending}
        aside={<Link to={paths.auth.login.getHref()}>{t('reset.backToLogin')}</Link>}
      />
    </Form>
  );
}
