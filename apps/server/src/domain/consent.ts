import { createHash } from 'node:crypto';
import { DEFAULT_PRIVACY_AGREEMENT } from './default-privacy-agreement';

/**
 * The version of a campaign's privacy text: the SHA-256 of the text as the campaign keeps it (every language of
 * it, `campaigns.privacy_agreement`), or of the default text when it gives none. A change to any of its words is a
 * new version, which asks everyone again (hasConsent).
 */
export function privacyVersionOf(agreement: string | null): string {
  const text = agreement ?? DEFAULT_AGREEMENT_JSON;
  let version = versions.get(text);
  if (version === undefined) {
    version = createHash('sha256').update(text).digest('hex');
    // Every save asks for it: a campaign's text is hashed once, not per request.
    if (versions.size >= 256) versions.clear();
    versions.set(text, version);
  }
  return version;
}

const DEFAULT_AGREEMENT_JSON = JSON.stringify(DEFAULT_PRIVACY_AGREEMENT);
const versions = new Map<string, string>();

/** The privacy text of a campaign as the consent records keep it: the stored JSON, or the default's. */
export const privacyTextOf = (agreement: string | null): string => agreement ?? DEFAULT_AGREEMENT_JSON;

/**
 * A person has given the privacy consent a campaign asks for: once for every campaign (the user's `privacy`, set by
 * an import: the company collected it itself), or for the text it shows now (`privacy_consent_at` and
 * `privacy_consent_version` of their participation, carried over from another campaign of the company that showed the
 * same text: services/company-consent.ts). A changed text asks again. policies/consent.ts refuses
 * without it.
 */
export function hasConsent(participation: ConsentOfParticipation, user: { privacy: number }): boolean {
  return user.privacy === 1 || consentAt(participation) != null;
}

/**
 * When the person accepted the text the campaign shows now (in this campaign or, carried over, in another of the
 * company: services/company-consent.ts); null when not, or only an older text.
 */
export function consentAt(participation: ConsentOfParticipation): string | null {
  return participation.privacy_consent_version === privacyVersionOf(participation.privacy_agreement)
    ? participation.privacy_consent_at
    : null;
}

type ConsentOfParticipation = {
  privacy_consent_at: string | null;
  privacy_consent_version: string | null;
  privacy_agreement: string | null;
};
