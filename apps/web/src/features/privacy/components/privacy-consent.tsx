import type { PrivacyAgreement } from '@prova/contract/privacy';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { DATE_FORMATS, useFormatDate } from '@/lib/dates';
import { uiLangFor } from '@/lib/i18n';
import { safeHtml } from '@/lib/safe-html';
import { useLeadingDebounce } from '@/lib/use-leading-debounce';
import { usePrivacyAgreement } from '../api/get-privacy-agreement';
import { useGiveConsent } from '../api/give-consent';
import '../privacy-texts';
import '@/lib/italian-articles';

export interface PrivacyConsentProps {
  /** After accepting, or leaving a text accepted already. */
  onAccepted: () => void;
  /** The close button while consent is asked: leaves without consenting (back to /login). */
  onClose: () => void;
  isClosing?: boolean;
}

/**
 * The privacy page: the text and its checkbox while consent is asked; once given (here, in another campaign of the
 * company for the same text, or by the company itself) the text to read again, with when it was accepted.
 */
export function PrivacyConsent({ onAccepted, onClose, isClosing = false }: PrivacyConsentProps) {
  const { t } = useTranslation('privacy');
  const agreement = usePrivacyAgreement();
  const titleId = useId();
  const readOnly = agreement.data != null && (agreement.data.acceptedAt != null || agreement.data.consentDeclaredByCompany);

  return (
    <section className="card card--wide" aria-labelledby={titleId}>
      <header className="card__header">
        <h1 id={titleId}>{t('title')}</h1>
        {readOnly ? (
          <button type="button" className="icon-button" aria-label={t('back')} onClick={onAccepted}>
            <span aria-hidden="true">×</span>
          </button>
        ) : (
          <button type="button" className="icon-button" aria-label={t('close')} onClick={onClose} disabled={isClosing}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </header>

      {agreement.isPending ? (
        <PageSkeleton />
      ) : agreement.isError ? (
        <LoadError message={t('loadError')} onRetry={() => void agreement.refetch()} />
      ) : readOnly ? (
        <div className="form">
          {agreement.data.privacy !== '' && <AgreementText agreement={agreement.data} />}
          <AcceptedNote agreement={agreement.data} />
          <Button type="button" onClick={onAccepted}>
            {t('continue')}
          </Button>
        </div>
      ) : agreement.data.privacy === '' ? (
        // With no campaign selected and nothing accepted yet: the text comes with the first campaign entered.
        <div className="form">
          <p>{t('noneAccepted')}</p>
          <Button type="button" onClick={onAccepted}>
            {t('continue')}
          </Button>
        </div>
      ) : (
        <ConsentForm agreement={agreement.data} onAccepted={onAccepted} />
      )}
    </section>
  );
}

function ConsentForm({ agreement, onAccepted }: { agreement: PrivacyAgreement; onAccepted: () => void }) {
  const { t } = useTranslation('privacy');
  const consent = useGiveConsent();
  const [accepted, setAccepted] = useState(false);
  const checkboxId = useId();
  const submit = useLeadingDebounce(() => {
    if (!accepted || consent.isPending) return;
    consent.mutate(undefined, { onSuccess: onAccepted });
  });

  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <AgreementText agreement={agreement} />
      <div className="checkbox-field">
        <input id={checkboxId} type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
        <label htmlFor={checkboxId}>{t('accept')}</label>
      </div>
      <Button type="submit" disabled={!accepted} isLoading={consent.isPending}>
        {t('confirm')}
      </Button>
    </form>
  );
}

/**
 * The text, marked with its language for screen readers; when the company did not write it in the interface's
 * language, a sentence says so first (in the interface's language).
 */
function AgreementText({ agreement }: { agreement: PrivacyAgreement }) {
  const { t, i18n } = useTranslation('privacy');
  const textLang = uiLangFor(agreement.lang);
  return (
    <>
      {textLang && textLang !== i18n.language && <p>{t('notInYourLanguage', { language: t(`languageNames.${textLang}`) })}</p>}
      <div
        className="agreement"
        role="region"
        lang={textLang}
        aria-label={t('agreementLabel')}
        // Keyboard users can scroll a long text.
        tabIndex={0}
        // Staff-authored HTML from the campaign bundle (docs/bundle-format.md: privacyAgreement), cleaned again.
        dangerouslySetInnerHTML={{ __html: safeHtml(agreement.privacy) }}
      />
    </>
  );
}

function AcceptedNote({ agreement }: { agreement: PrivacyAgreement }) {
  const { t } = useTranslation('privacy');
  const format = useFormatDate();
  return (
    <>
      {agreement.acceptedAt != null && <p>{t('acceptedOn', { date: format(agreement.acceptedAt, DATE_FORMATS.dateTime) })}</p>}
      {agreement.consentDeclaredByCompany && <p>{t('declaredByCompany')}</p>}
    </>
  );
}
