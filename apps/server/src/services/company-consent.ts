import { hasConsent, privacyVersionOf } from '../domain/consent';
import type { CampaignsRepository, Participation } from '../repositories/campaigns-repository';

/**
 * Consent is asked once per company and text version (issue 54): a participation without it takes the consent the
 * person gave to the same version in another campaign of their company. With `keep` it is written onto the
 * participation, so the checks after it (policies/consent.ts) need no look-up; a GET only reads (it changes nothing).
 */
export async function withCompanyConsent(
  campaigns: CampaignsRepository,
  participation: Participation,
  user: { id: number; privacy: number },
  { keep }: { keep: boolean },
): Promise<Participation> {
  if (hasConsent(participation, user)) return participation;
  const version = privacyVersionOf(participation.privacy_agreement);
  const acceptedAt = await campaigns.companyConsentAt(user.id, participation.company_id, version);
  if (acceptedAt == null) return participation;
  if (keep) await campaigns.carryConsent(participation.id, user.id, version, acceptedAt);
  return { ...participation, privacy_consent_at: acceptedAt, privacy_consent_version: version };
}
