import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { useRaterAgreement } from '../api/get-item-analysis';
import { TableRegion } from './table-region';

/** A 360 campaign's rater agreement per closed question and relation group (only groups at the confidentiality threshold). */
export function AgreementSection({ campaignId }: { campaignId: number }) {
  const { t, i18n } = useTranslation('console');
  const agreement = useRaterAgreement(campaignId, true);
  const titleId = useId();
  const num = (x: number) => x.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const rows = agreement.data?.questions.flatMap((q) => q.relations.map((r) => ({ q, r }))) ?? [];
  return (
    <section aria-labelledby={titleId} className="console-section">
      <h2 id={titleId}>{t('agreement.title')}</h2>
      {agreement.isPending ? null : agreement.isError ? (
        <LoadError message={t('agreement.loadError')} onRetry={() => void agreement.refetch()} />
      ) : (
        <>
          <p className="console-note">{t('agreement.intro', { threshold: agreement.data.threshold })}</p>
          {rows.length === 0 ? (
            <p className="console-empty">{t('agreement.empty')}</p>
          ) : (
            <TableRegion labelledBy={titleId}>
              <table className="console-table stack-table">
                <caption className="visually-hidden">{t('agreement.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('agreement.question')}</th>
                    <th scope="col">{t('agreement.relation')}</th>
                    <th scope="col">{t('agreement.groups')}</th>
                    <th scope="col">{t('agreement.rwg')}</th>
                    <th scope="col">{t('agreement.sd')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map(({ q, r }) => (
                    <tr key={`${q.id}:${r.relationId}`}>
                      <th scope="row">{q.text}</th>
                      <td data-label={t('agreement.relation')}>{r.label}</td>
                      <td data-label={t('agreement.groups')} className="console-table__number">
                        {r.groups}
                      </td>
                      <td data-label={t('agreement.rwg')} className="console-table__number">
                        {num(r.rwg)}
                      </td>
                      <td data-label={t('agreement.sd')} className="console-table__number">
                        {num(r.sd)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </>
      )}
    </section>
  );
}
