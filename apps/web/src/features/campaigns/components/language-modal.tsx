import type { CampaignSummary } from '@prova/contract/campaigns';
import type { LangCode } from '@prova/contract/limits';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface LanguageModalProps {
  /** The campaign whose language is being chosen; null keeps the modal closed. */
  campaign: CampaignSummary | null;
  isPending?: boolean;
  onConfirm: (lang: LangCode) => void;
  onCancel: () => void;
}

/** The contents language of a campaign, chosen once. */
export function LanguageModal({ campaign, isPending = false, onConfirm, onCancel }: LanguageModalProps) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<LangCode | null>(null);
  const warningId = useId();
  const name = useId();

  useEffect(() => setLang(null), [campaign?.id]);

  return (
    <Modal
      open={campaign !== null}
      title={t('language.title')}
      onClose={onCancel}
      footer={
        <Button type="submit" form="language-form" disabled={lang === null} isLoading={isPending}>
          {t('language.confirm')}
        </Button>
      }
    >
      <form
        id="language-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (lang && !isPending) onConfirm(lang);
        }}
      >
        <p id={warningId} className="callout callout--warning">
          {t('language.warning')}
        </p>
        <fieldset className="choice-group" aria-describedby={warningId}>
          <legend className="visually-hidden">{t('language.legend')}</legend>
          {campaign?.languages.map((language) => (
            <label key={language.lang} className="choice">
              <input
                type="radio"
                name={name}
                value={language.lang}
                checked={lang === language.lang}
                onChange={() => setLang(language.lang)}
              />
              <span>{language.name}</span>
            </label>
          ))}
        </fieldset>
      </form>
    </Modal>
  );
}
