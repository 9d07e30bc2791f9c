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
 * an import: the company collected it itself), or in this campaign for the text it shows now (`privacy_consent_at`
 * and `privacy_consent_version` of their participation). A changed text asks again. policies/consent.ts refuses
 * without it.
 */
export function hasConsent(
  participation: { privacy_consent_at: string | null; privacy_consent_version: string | null; privacy_agreement: string | null },
  user: { privacy: number },
): boolean {
  if (user.privacy === 1) return true;
  return (
    participation.privacy_consent_at != null && participation.privacy_consent_version === privacyVersionOf(participation.privacy_agreement)
  );
}
