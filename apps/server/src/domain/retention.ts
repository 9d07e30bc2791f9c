// When a person's personal data is erased by retention (issue 52): a set number of months after the end of the last
// of their campaigns, each campaign's period its own or else its company's. A campaign without a period (neither
// set) keeps its people: then nobody of it is erased by retention. Staff accounts are not erased by retention.

import { isStaff } from './roles';

export interface RetainedCampaign {
  dateEnd: string;
  /** The campaign's own period, or null: the company's. */
  campaignMonths: number | null;
  companyMonths: number | null;
}

/** The instant `months` calendar months after `iso` (a day past the month's last day falls on that last day). */
export function addMonths(iso: string, months: number): Date {
  const from = new Date(iso);
  const target = new Date(from.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/** When the person is to be erased, or null when one of their campaigns keeps them (or they are staff). */
export function retentionEraseOn(role: string, campaigns: readonly RetainedCampaign[]): Date | null {
  if (isStaff(role) || campaigns.length === 0) return null;
  let latest: Date | null = null;
  for (const campaign of campaigns) {
    const months = campaign.campaignMonths ?? campaign.companyMonths;
    if (months === null) return null;
    const on = addMonths(campaign.dateEnd, months);
    if (!latest || on > latest) latest = on;
  }
  return latest;
}
