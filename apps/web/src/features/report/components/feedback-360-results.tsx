import type { Results360, Results360Group } from '@prova/contract/reports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The 360 ratings by relation group, question by question, the evaluee's own beside the others'. The
 * server leaves out every group too small to keep its raters anonymous; this only shows what came. On a phone
 * each question is a card of group: value lines (stack-table, data-label).
 */
export function Feedback360Results({ results }: { results: Results360 }) {
  const { t, i18n } = useTranslation('report');
  const headingId = useId();
  const commentsId = useId();
  const format = (value: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  const groupName = (group: Results360Group) => (group.kind === 'relation' ? group.label : t(`feedback360.${group.kind}`));
  return (
    <section className="report-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('feedback360.heading')}</h2>
      <p>{t('feedback360.intro', { max: results.scaleMax })}</p>
      <p className="report-note">{t('feedback360.confidentiality', { threshold: results.threshold })}</p>
      <div className="report-table-wrap" role="region" aria-label={t('feedback360.tableLabel')} tabIndex={0}>
        <table className="report-table stack-table">
          <thead>
            <tr>
              <th scope="col">{t('feedback360.question')}</th>
              {results.groups.map((group) => (
                <th scope="col" key={group.key}>
                  {groupName(group)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {results.questions.map((question) => (
              <tr key={question.id}>
                <th scope="row">{question.text}</th>
                {results.groups.map((group) => {
                  const value = question.means[group.key];
                  return (
                    <td key={group.key} data-label={groupName(group)}>
                      {value === undefined ? (
                        <span className="report-muted">{t('feedback360.notShown')}</span>
                      ) : (
                        <>
                          <span className="report-table__value">{format(value)}</span>
                          {group.kind !== 'self' && (
                            <span className="report-table__raters">
                              {t('feedback360.raters', { count: question.raters[group.key] ?? 0 })}
                            </span>
                          )}
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {results.comments.length > 0 && (
        <section aria-labelledby={commentsId}>
          <h3 id={commentsId}>{t('feedback360.comments')}</h3>
          {results.comments.map((comment) => (
            <div key={comment.id} className="report-comment">
              <h4>{comment.text}</h4>
              {comment.self.length > 0 && (
                <p>
                  <strong>{t('feedback360.yourComment')}:</strong> {comment.self.join(' · ')}
                </p>
              )}
              {comment.others.length > 0 && (
                <>
                  <p>
                    <strong>{t('feedback360.othersComments')}:</strong>
                  </p>
                  <ul>
                    {comment.others.map((text, index) => (
                      <li key={index}>{text}</li>
                    ))}
                  </ul>
                </>
              )}
              {comment.self.length === 0 && comment.others.length === 0 && <p className="report-muted">{t('feedback360.noComments')}</p>}
            </div>
          ))}
        </section>
      )}
    </section>
  );
}
