import type { User } from '@prova/contract/auth';
import type { Campaign, CampaignTheme } from '@prova/contract/campaigns';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, toDateTimeAttribute, useFormatDate } from '@/lib/dates';

export interface HomeProps {
  campaign: Campaign;
  user: User;
}

/** Name, description and dates of the campaign: the common part of every home layout for now. */
export function CampaignOverview({ campaign, user, theme }: HomeProps & { theme: CampaignTheme }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const titleId = useId();

  return (
    <section className={`home home--${theme}`} aria-labelledby={titleId}>
      <p className="home__eyebrow">{t(`home.themes.${theme}`)}</p>
      <h1 id={titleId}>{campaign.name}</h1>
      <p className="home__greeting">{t('home.greeting', { name: user.firstName })}</p>
      {campaign.description && <p className="home__description">{campaign.description}</p>}
      <dl className="home__dates" aria-label={t('home.period')}>
        <div>
          <dt>{t('home.start')}</dt>
          <dd>
            <time dateTime={toDateTimeAttribute(campaign.dateStart)}>{formatDate(campaign.dateStart, DATE_FORMATS.dateTime)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('home.end')}</dt>
          <dd>
            <time dateTime={toDateTimeAttribute(campaign.dateEnd)}>{formatDate(campaign.dateEnd, DATE_FORMATS.dateTime)}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
