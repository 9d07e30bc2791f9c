import {
  API_TOKEN_DEFAULT_DAYS,
  type ApiToken,
  createTokenRequestSchema,
  createWebhookRequestSchema,
  TOKEN_SCOPES,
  type TokenScope,
  type Webhook,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_EVENTS,
  WEBHOOK_PRIVATE_ADDRESS,
  type WebhookEvent,
} from '@prova/contract/integrations';
import type { FieldIssue } from '@prova/contract/errors';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { isApiClientError } from '@/lib/api-client';
import {
  useCreateToken,
  useCreateWebhook,
  useDeliveries,
  useResendDelivery,
  useRevokeToken,
  useTestWebhook,
  useTokens,
  useUpdateWebhook,
  useWebhooks,
} from '../api/integrations';
import { formatDateTime } from './date-time';
import { TextField } from './form-fields';
import { TableRegion } from './table-region';
import '@/lib/italian-articles';

/**
 * Integrations (docs/staff-api.md "API tokens", docs/webhooks.md): the company's API tokens (made with scopes and an
 * expiry, shown once, revoked) and its webhooks (added, changed, tested, with their delivery log and "send again").
 */
export function IntegrationsPage() {
  const { t } = useTranslation('console');
  return (
    <div className="console-page">
      <h1>{t('integrations.title')}</h1>
      <p className="console-note">{t('integrations.intro')}</p>
      <TokensSection />
      <WebhooksSection />
    </div>
  );
}

/** The problems of a form, by field, from the schema or from the server's 422. */
function issuesOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>) {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.replace(/^body\.?/, '').split('.')[0] : String(issue.path[0]);
    found[path] ??= issue.message;
  }
  return found;
}

/** A secret shown once, with a button that copies it. */
function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation('console');
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify({ type: 'success', title: t('integrations.copied') });
    } catch {
      notify({ type: 'error', title: t('integrations.copyFailed') });
    }
  };
  return (
    <div className="console-once" role="status">
      <p id={`${id}-label`}>
        <strong>{label}</strong> {t('integrations.shownOnce')}
      </p>
      <code className="console-once__value" aria-labelledby={`${id}-label`} data-testid="secret">
        {value}
      </code>
      <div className="console-actions">
        <Button type="button" onClick={() => void copy()}>
          {t('integrations.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('integrations.done')}
        </Button>
      </div>
    </div>
  );
}

function TokensSection() {
  const { t } = useTranslation('console');
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [days, setDays] = useState(String(API_TOKEN_DEFAULT_DAYS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const scopesId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const parsed = createTokenRequestSchema.safeParse({ name, scopes, expiresInDays: Number(days) });
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    try {
      const made = await create.mutateAsync(parsed.data);
      setSecret(made.secret);
      setName('');
      setScopes([]);
    } catch (error) {
      setErrors(isApiClientError(error) && error.code === 'VALIDATION' ? issuesOf(error.fieldErrors) : { form: t('common.saveFailed') });
    }
  };
  const onRevoke = async (token: ApiToken) => {
    try {
      await revoke.mutateAsync(token.id);
      notify({ type: 'success', title: t('integrations.tokens.revoked', { name: token.name }) });
    } catch {
      notify({ type: 'error', title: t('common.saveFailed') });
    }
  };

  return (
    <section className="console-section" aria-labelledby="tokens-title">
      <h2 id="tokens-title">{t('integrations.tokens.title')}</h2>
      <p className="console-note">{t('integrations.tokens.intro')}</p>
      {secret && <ShownOnce label={t('integrations.tokens.secret')} value={secret} onDone={() => setSecret(null)} />}
      <form className="form console-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField label={t('integrations.tokens.name')} value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <fieldset className="console-field" aria-describedby={errors.scopes ? `${scopesId}-error` : undefined}>
          <legend>{t('integrations.tokens.scopes')}</legend>
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="console-norms__campaign">
              <input
                type="checkbox"
                className="console-check"
                checked={scopes.includes(scope)}
                onChange={() => setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]))}
              />{' '}
              {t(`integrations.scopes.${scope}`)}
            </label>
          ))}
          {errors.scopes && (
            <p className="console-field__error" id={`${scopesId}-error`}>
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <TextField
          label={t('integrations.tokens.days')}
          type="number"
          inputMode="numeric"
          min={1}
          value={days}
          error={errors.expiresInDays}
          onChange={(e) => setDays(e.target.value)}
        />
        {errors.form && <p className="console-field__error">{errors.form}</p>}
        <Button type="submit" isLoading={create.isPending}>
          {t('integrations.tokens.create')}
        </Button>
      </form>
      {tokens.isPending ? (
        <PageSkeleton />
      ) : tokens.isError ? (
        <LoadError message={t('integrations.loadError')} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <p>{t('integrations.tokens.none')}</p>
      ) : (
        <TableRegion labelledBy="tokens-title">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('integrations.tokens.name')}</th>
                <th scope="col">{t('integrations.tokens.scopes')}</th>
                <th scope="col">{t('integrations.tokens.expires')}</th>
                <th scope="col">{t('integrations.tokens.lastUsed')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <tr key={token.id}>
                  <td>
                    {token.name} <span className="console-table__meta">{token.hint}…</span>
                  </td>
                  <td>{token.scopes.map((s) => t(`integrations.scopes.${s}`)).join(', ')}</td>
                  <td>{formatDateTime(token.expiresAt)}</td>
                  <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('integrations.never')}</td>
                  <td>
                    {token.revokedAt ? (
                      t('integrations.tokens.revokedAt', { at: formatDateTime(token.revokedAt) })
                    ) : (
                      <Button type="button" variant="secondary" onClick={() => void onRevoke(token)}>
                        {t('integrations.tokens.revoke', { name: token.name })}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

function WebhooksSection() {
  const { t } = useTranslation('console');
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const parsed = createWebhookRequestSchema.safeParse({ url, events });
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    try {
      const made = await create.mutateAsync(parsed.data);
      setSecret(made.secret);
      setUrl('');
    } catch (error) {
      // A URL into the server's own network is said in the staff's words; the schema's other refusals as they are.
      const worded = (issue: FieldIssue) =>
        issue.code === WEBHOOK_PRIVATE_ADDRESS ? { ...issue, message: t('integrations.webhooks.privateAddress') } : issue;
      setErrors(
        isApiClientError(error) && error.code === 'VALIDATION' ? issuesOf(error.fieldErrors.map(worded)) : { form: t('common.saveFailed') },
      );
    }
  };

  return (
    <section className="console-section" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{t('integrations.webhooks.title')}</h2>
      <p className="console-note">{t('integrations.webhooks.intro')}</p>
      {secret && <ShownOnce label={t('integrations.webhooks.secret')} value={secret} onDone={() => setSecret(null)} />}
      <form className="form console-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={t('integrations.webhooks.url')}
          type="url"
          value={url}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <EventsField value={events} onChange={setEvents} error={errors.events} />
        {errors.form && <p className="console-field__error">{errors.form}</p>}
        <Button type="submit" isLoading={create.isPending}>
          {t('integrations.webhooks.create')}
        </Button>
      </form>
      {webhooks.isPending ? (
        <PageSkeleton />
      ) : webhooks.isError ? (
        <LoadError message={t('integrations.loadError')} onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.length === 0 ? (
        <p>{t('integrations.webhooks.none')}</p>
      ) : (
        <ul className="console-webhooks">
          {webhooks.data.map((hook) => (
            <WebhookItem key={hook.id} hook={hook} />
          ))}
        </ul>
      )}
    </section>
  );
}

function EventsField({ value, onChange, error }: { value: WebhookEvent[]; onChange: (v: WebhookEvent[]) => void; error?: string }) {
  const { t } = useTranslation('console');
  const id = useId();
  return (
    <fieldset className="console-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('integrations.webhooks.events')}</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <label key={event} className="console-norms__campaign">
          <input
            type="checkbox"
            className="console-check"
            checked={value.includes(event)}
            onChange={() => onChange(value.includes(event) ? value.filter((x) => x !== event) : [...value, event])}
          />{' '}
          {t(`integrations.events.${event}`)}
        </label>
      ))}
      {error && (
        <p className="console-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function WebhookItem({ hook }: { hook: Webhook }) {
  const { t } = useTranslation('console');
  const update = useUpdateWebhook();
  const ping = useTestWebhook();
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState(hook.url);
  const [events, setEvents] = useState<WebhookEvent[]>(hook.events);
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();

  const save = async (body: Parameters<typeof update.mutateAsync>[0]['body']) => {
    setError(undefined);
    try {
      await update.mutateAsync({ id: hook.id, body });
      setEditing(false);
    } catch (err) {
      setError(isApiClientError(err) && err.code === 'VALIDATION' ? (err.fieldErrors[0]?.message ?? err.message) : t('common.saveFailed'));
    }
  };

  return (
    <li className="console-webhook" aria-labelledby={titleId}>
      <h3 id={titleId} className="console-webhook__url">
        {hook.url}
      </h3>
      <p>
        {hook.enabled ? t('integrations.webhooks.on') : t('integrations.webhooks.off')} ·{' '}
        {hook.events.map((e) => t(`integrations.events.${e}`)).join(', ')}
      </p>
      {hook.disabledAt && !hook.enabled && (
        <p className="console-notice" role="alert">
          {t('integrations.webhooks.disabledNotice', { at: formatDateTime(hook.disabledAt), count: WEBHOOK_DISABLE_AFTER_FAILURES })}
        </p>
      )}
      {editing ? (
        <form
          className="form console-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save({ url, events });
          }}
        >
          <TextField label={t('integrations.webhooks.url')} type="url" value={url} error={error} onChange={(e) => setUrl(e.target.value)} />
          <EventsField value={events} onChange={setEvents} />
          <div className="console-actions">
            <Button type="submit" isLoading={update.isPending}>
              {t('common.save')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="console-actions">
          <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
            {t('common.edit')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            isLoading={ping.isPending}
            onClick={() => void ping.mutateAsync(hook.id).catch(() => undefined)}
          >
            {t('integrations.webhooks.test')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => void save({ enabled: !hook.enabled })}>
            {hook.enabled ? t('integrations.webhooks.turnOff') : t('integrations.webhooks.turnOn')}
          </Button>
        </div>
      )}
      {!editing && error && <p className="console-field__error">{error}</p>}
      <DeliveryLog webhookId={hook.id} />
    </li>
  );
}

function DeliveryLog({ webhookId }: { webhookId: number }) {
  const { t } = useTranslation('console');
  const deliveries = useDeliveries(webhookId);
  const resend = useResendDelivery(webhookId);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h4 id={titleId}>{t('integrations.log.title')}</h4>
      {deliveries.isPending ? (
        <PageSkeleton />
      ) : deliveries.isError ? (
        <LoadError message={t('integrations.loadError')} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.length === 0 ? (
        <p>{t('integrations.log.none')}</p>
      ) : (
        <TableRegion labelledBy={titleId}>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('integrations.log.event')}</th>
                <th scope="col">{t('integrations.log.state')}</th>
                <th scope="col">{t('integrations.log.attempts')}</th>
                <th scope="col">{t('integrations.log.answer')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((d) => (
                <tr key={d.id}>
                  <td>
                    {d.event === 'ping' ? t('integrations.events.ping') : t(`integrations.events.${d.event}`)}{' '}
                    <span className="console-table__meta">{formatDateTime(d.createdAt)}</span>
                  </td>
                  <td>
                    {t(`integrations.log.states.${d.state}`)}
                    {d.state === 'pending' && d.nextAttemptAt && (
                      <span className="console-table__meta"> {t('integrations.log.next', { at: formatDateTime(d.nextAttemptAt) })}</span>
                    )}
                  </td>
                  <td>{d.attempts}</td>
                  <td>
                    {d.lastStatus !== null ? <strong>{d.lastStatus}</strong> : null}{' '}
                    <span className="console-table__meta">{d.lastAnswer ?? ''}</span>
                  </td>
                  <td>
                    <Button type="button" variant="secondary" onClick={() => void resend.mutateAsync(d.id).catch(() => undefined)}>
                      {t('integrations.log.resend')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
