import type { MyDataResponse } from '@prova/contract/personal-data';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { DATE_FORMATS, toDateTimeAttribute, useFormatDate } from '@/lib/dates';
import { myDataExportHref, useMyData } from '../api/get-my-data';
import '../my-data-texts';
import './my-data.css';

/**
 * "I miei dati" (issue 52): the person downloads everything the platform holds about them, and sees who other
 * than them opened or downloaded their report, and which privacy texts they accepted.
 */
export function MyDataPage() {
  const { t } = useTranslation('myData');
  const data = useMyData();

  return (
    <div className="page page--narrow my-data">
      <h1>{t('title')}</h1>
      <p className="page__lead">{t('lead')}</p>
      <section className="my-data__section">
        <h2 id="my-data-download">{t('downloadTitle')}</h2>
        <p>{t('downloadBody')}</p>
        <a className="button button--primary" href={myDataExportHref} download>
          {t('download')}
        </a>
      </section>
      {data.isPending ? (
        <PageSkeleton />
      ) : data.isError ? (
        <LoadError message={t('loadError')} onRetry={() => void data.refetch()} />
      ) : (
        <>
          <ReportViews views={data.data.reportViews} />
          <Consents consents={data.data.consents} declaredByCompany={data.data.consentDeclaredByCompany} />
        </>
      )}
    </div>
  );
}

function ReportViews({ views }: { views: MyDataResponse['reportViews'] }) {
  const { t } = useTranslation('myData');
  const format = useFormatDate();
  return (
    <section className="my-data__section">
      <h2 id="my-data-views">{t('viewsTitle')}</h2>
      {views.length === 0 ? (
        <p>{t('noViews')}</p>
      ) : (
        <div className="my-data__table" role="region" aria-labelledby="my-data-views" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('viewer')}</th>
                <th scope="col">{t('what')}</th>
                <th scope="col">{t('campaign')}</th>
                <th scope="col">{t('when')}</th>
              </tr>
            </thead>
            <tbody>
              {views.map((view, index) => (
                <tr key={index}>
                  <td>
                    {view.viewer.firstName} {view.viewer.lastName}
                    <span className="my-data__meta">{t(`role.${view.viewer.role}`)}</span>
                  </td>
                  <td>{t(`kind.${view.kind}`)}</td>
                  <td>{view.campaign.name}</td>
                  <td>
                    <time dateTime={toDateTimeAttribute(view.at)}>{format(view.at, DATE_FORMATS.dateTime)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Consents({ consents, declaredByCompany }: { consents: MyDataResponse['consents']; declaredByCompany: boolean }) {
  const { t } = useTranslation('myData');
  const format = useFormatDate();
  return (
    <section className="my-data__section">
      <h2 id="my-data-consents">{t('consentsTitle')}</h2>
      {declaredByCompany && <p>{t('consentByCompany')}</p>}
      {consents.length === 0 && !declaredByCompany ? (
        <p>{t('noConsents')}</p>
      ) : (
        <ul className="my-data__consents">
          {consents.map((consent, index) => (
            <li key={index}>
              {t('consent', {
                campaign: consent.campaign?.name ?? t('everyCampaign'),
                version: consent.version,
              })}{' '}
              <time dateTime={toDateTimeAttribute(consent.acceptedAt)}>{format(consent.acceptedAt, DATE_FORMATS.dateTime)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
