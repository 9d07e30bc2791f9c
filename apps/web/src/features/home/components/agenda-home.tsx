import { CampaignOverview, type HomeProps } from './campaign-overview';

/** Monthly agenda layout: the consultant's simulated month (Agenda screen). For now: the campaign overview. */
export function AgendaHome(props: HomeProps) {
  return <CampaignOverview {...props} theme="agenda" />;
}
