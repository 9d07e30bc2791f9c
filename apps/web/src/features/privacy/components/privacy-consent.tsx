import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { safeHtml } from '@/lib/safe-html';
import { useLeadingDebounce } from '@/lib/use-leading-debounce';
import { usePrivacyAgreement } from '../api/get-privacy-agreement';
import { useGiveConsent } from '../api/give-consent';

export interface PrivacyConsentProps {
  onAccepted: () => void;
  /** The close button: leaves without consenting (back to /login). */
  onClose: () => void;
  isClosing?: boolean;
}

export function PrivacyConsent({ onAccepted, onClose, isClosing = false }: PrivacyConsentProps) {
  const { t } = useTranslation();
  const agreement = usePrivacyAgreement();
  const consent = useGiveConsent();
  const [accepted, setAccepted] = useState(false);
  const titleId = useId();
  const checkboxId = useId();

  const submit = useLeadingDebounce(() => {
    if (!accepted || consent.isPending) return;
    consent.mutate(undefined, { onSuccess: onAccepted });
  });

  return (
    <section className="card card--wide" aria-labelledby={titleId}>
      <header className="card__header">
        <h1 id={titleId}>{t('privacy.title')}</h1>
        <button type="button" className="icon-button" aria-label={t('privacy.close')} onClick={onClose} disabled={isClosing}>
          <span aria-hidden="true">×</span>
        </button>
      </header>

      {agreement.isPending ? (
        <PageSkeleton />
      ) : agreement.isError ? (
        <LoadError message={t('privacy.loadError')} onRetry={() => void agreement.refetch()} />
      ) : (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div
            className="agreement"
            role="region"
            aria-label={t('privacy.agreementLabel')}
            // Keyboard users can scroll a long text.
            tabIndex={0}
            // Staff-authored HTML from the campaign bundle (docs/bundle-format.md: privacyAgreement), cleaned again.
            dangerouslySetInnerHTML={{ __html: safeHtml(agreement.data) }}
          />
          <div className="checkbox-field">
            <input id={checkboxId} type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
            <label htmlFor={checkboxId}>{t('privacy.accept')}</label>
          </div>
          <Button type="submit" disabled={!accepted} isLoading={consent.isPending}>
            {t('privacy.confirm')}
          </Button>
        </form>
      )}
    </section>
  );
}
