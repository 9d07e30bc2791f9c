import type { Campaign } from '@prova/contract/campaigns';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DATE_FORMATS, useFormatDate } from '@/lib/dates';
import { NoticePanel } from './notice-panel';
import '@/lib/italian-articles';

/**
 * The end of a campaign for the person who finished it: what happens next (the report, until when
 * the campaign stays open) and whom to ask.
 */
export function CampaignFinished({ campaign }: { campaign: Pick<Campaign, 'status' | 'dateEnd'> }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const closed = campaign.status !== 'ACTIVE';
  return (
    <NoticePanel
      tone="success"
      title={t('finished.title')}
      autoFocus={false}
      actions={<Link to={paths.app.report.getHref()}>{t('finished.toReport')}</Link>}
    >
      <p>{closed ? t('finished.reportReady') : t('finished.reportLater', { date: formatDate(campaign.dateEnd, DATE_FORMATS.day) })}</p>
      <p>{t('finished.contact')}</p>
    </NoticePanel>
  );
}
