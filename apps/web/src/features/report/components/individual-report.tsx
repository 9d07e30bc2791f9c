import type { PersonalReportResponse } from '@prova/contract/reports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { reportDownloadHref } from '../api/get-report';
import { DetailedResults } from './detailed-results';
import { Feedback360Results } from './feedback-360-results';
import { NormResults } from './norm-results';
import { ProfileChart } from './profile-chart';
import { Score } from './score';

/** The personal report: download, profile (radar and summary of the areas in profile), details, 360 results. */
export function IndividualReport({ report }: { report: PersonalReportResponse['result'] }) {
  const { t } = useTranslation('report');
  const titleId = useId();
  const profileId = useId();
  const { rep, person, campaign, results360, norms } = report;
  const profile = rep.areas.filter((area) => area.inProfile);
  return (
    <article className="report" aria-labelledby={titleId}>
      <header className="report__header">
        <h1 id={titleId}>{t('title')}</h1>
        <p className="report__person">
          {t('personOf', { name: `${person.firstName} ${person.lastName}`.trim(), campaign: campaign.name })}
        </p>
        <a className="button button--primary report__download" href={reportDownloadHref(campaign.id, person.id)} download>
          {t('download')}
        </a>
      </header>

      {profile.length > 0 && (
        <section className="report-section" aria-labelledby={profileId}>
          <h2 id={profileId}>{t('profile')}</h2>
          <ProfileChart areas={profile} />
          <h3>{t('summary')}</h3>
          <ul className="report-summary">
            {profile.map((area) => (
              <li key={area.id}>
                <p className="report-summary__name">{area.name}</p>
                <Score value={area.value} />
                {area.feedback && <p>{area.feedback}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}

      {rep.areas.length > 0 && <DetailedResults report={rep} />}
      {norms && norms.length > 0 && <NormResults norms={norms} />}
      {results360 && <Feedback360Results results={results360} />}
    </article>
  );
}
