import { pointsOutOf, type RatedItem } from '@prova/contract/item-ratings';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageSkeleton } from '@/components/ui/spinner';
import { hasErrorCode } from '@/lib/api-client';
import { useRateItem, useRatingSheet } from '../api/ratings';
import '@/locales/it/assessor';

export interface RatingTarget {
  testId: number;
  testName: string;
  userId: number;
  name: string;
}

/** One candidate's answers to rate in one QTI test, each with its points from 0 to the item's maximum. */
export function RatingDialog({ campaignId, target, onClose }: { campaignId: number; target: RatingTarget | null; onClose: () => void }) {
  const { t } = useTranslation('assessor');
  return (
    <Modal
      open={target !== null}
      title={target ? t('rating.title', { name: target.name, test: target.testName }) : ''}
      onClose={onClose}
      className="rating-dialog"
    >
      {target && <RatingBody campaignId={campaignId} target={target} />}
    </Modal>
  );
}

function RatingBody({ campaignId, target }: { campaignId: number; target: RatingTarget }) {
  const { t, i18n } = useTranslation('assessor');
  const sheet = useRatingSheet(campaignId, target.testId, target.userId);
  if (sheet.isPending) return <PageSkeleton />;
  if (sheet.isError) return <LoadError message={t('rating.loadError')} onRetry={() => void sheet.refetch()} />;
  const data = sheet.data;
  const toRate = data.items.filter((i) => i.points === null).length;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="rating-dialog__body">
      {!data.complete ? (
        <p className="rating-dialog__note">{t('rating.notComplete', { name: target.name })}</p>
      ) : (
        <p className="rating-dialog__note" aria-live="polite">
          {data.final ? t('rating.final') : t('rating.notFinal', { count: toRate })}
          {data.score !== null && <> {t('rating.score', { score: number.format(data.score) })}</>}
        </p>
      )}
      {!data.open && <p className="rating-dialog__note">{t('rating.closed')}</p>}
      <ol className="rating-dialog__items">
        {data.items.map((item, index) => (
          <RatedItemCard
            key={item.identifier}
            campaignId={campaignId}
            target={target}
            item={item}
            n={index + 1}
            editable={data.complete && data.open}
          />
        ))}
      </ol>
    </div>
  );
}

function RatedItemCard({
  campaignId,
  target,
  item,
  n,
  editable,
}: {
  campaignId: number;
  target: RatingTarget;
  item: RatedItem;
  n: number;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation('assessor');
  const headingId = useId();
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const rate = useRateItem(campaignId, target.testId, target.userId);
  const [value, setValue] = useState(item.points === null ? '' : String(item.points));
  const [invalid, setInvalid] = useState(false);
  // Said only once the server has the rating (the mutation's answer), never on submit.
  const [saved, setSaved] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);
  const max = number.format(item.maxScore);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const points = value.trim() === '' ? Number.NaN : Number(value.replace(',', '.'));
    if (!pointsOutOf(item.maxScore).safeParse(points).success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    rate.mutate({ itemId: item.identifier, points }, { onSuccess: () => setSaved(true) });
  };

  const failure = rate.isError ? (hasErrorCode(rate.error, 'CAMPAIGN_CLOSED') ? t('rating.closed') : t('rating.saveError')) : null;

  return (
    <li className="rating-item" aria-labelledby={headingId}>
      <h3 id={headingId} className="rating-item__title">
        {t('rating.item', { n })}
      </h3>
      <p className="rating-item__prompt">{item.prompt}</p>
      <h4 className="rating-item__label">{t('rating.answer')}</h4>
      {/* The candidate's text as text: React escapes it, and line breaks are kept by CSS. */}
      {item.response === null || item.response === '' ? (
        <p className="rating-item__answer rating-item__answer--none">{t('rating.noAnswer')}</p>
      ) : (
        <p className="rating-item__answer">{item.response}</p>
      )}
      {editable ? (
        <form className="rating-item__form" onSubmit={submit} noValidate>
          <label htmlFor={fieldId}>{t('rating.points')}</label>
          <span id={hintId} className="rating-item__hint">
            {t('rating.range', { max })}
          </span>
          <input
            id={fieldId}
            className="rating-item__input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
            aria-invalid={invalid || undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setSaved(false);
            }}
          />
          <Button type="submit" disabled={rate.isPending}>
            {rate.isPending ? t('rating.saving') : t('rating.save')}
          </Button>
          {invalid && (
            <p id={errorId} className="rating-item__error" role="alert">
              {t('rating.invalid', { max })}
            </p>
          )}
          <p className="rating-item__status" role="status">
            {saved && !rate.isPending ? t('rating.saved') : ''}
          </p>
          {failure && (
            <p className="rating-item__error" role="alert">
              {failure}
            </p>
          )}
        </form>
      ) : (
        <p className="rating-item__given">
          {item.points === null
            ? t('rating.unrated', { max })
            : t('rating.given', { count: item.points, points: number.format(item.points), max })}
        </p>
      )}
    </li>
  );
}
