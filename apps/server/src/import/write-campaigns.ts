import { cleanHtmlField } from './clean-html';
import { type Bundle, bundleReportSchema } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import { DEFAULT_PRIVACY_AGREEMENT } from '../domain/default-privacy-agreement';
import { diffRow, isEmpty } from './diff-row';
import type { ImportCounts } from './import-summary';

type BundleCampaign = Bundle['campaigns'][number];

export async function writeCampaigns(db: Db, campaigns: Bundle['campaigns'], counts: ImportCounts): Promise<void> {
  const companyIds = new Map((await db.selectFrom('companies').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
  for (const campaign of campaigns) {
    const companyId = companyIds.get(campaign.company);
    if (companyId === undefined) throw new Error(`Company "${campaign.company}" vanished during the import`);
    const row = toRow(campaign, companyId);
    const existing = await db.selectFrom('campaigns').selectAll().where('id', '=', campaign.id).executeTakeFirst();
    if (!existing) {
      await db
        .insertInto('campaigns')
        .values({ id: campaign.id, ...row, created_on: new Date().toISOString() })
        .execute();
      counts.created++;
      continue;
    }
    const patch = diffRow(existing, row);
    if (isEmpty(patch)) counts.unchanged++;
    else {
      await db.updateTable('campaigns').set(patch).where('id', '=', campaign.id).execute();
      counts.updated++;
    }
  }
}

function toRow(c: BundleCampaign, companyId: number) {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  return {
    company_id: companyId,
    name: JSON.stringify(c.name),
    description: JSON.stringify(cleanHtmlField(c.description)),
    on_complete_text: JSON.stringify(cleanHtmlField(c.onCompleteText)),
    no_report_text: JSON.stringify(cleanHtmlField(c.noReportText)),
    theme: c.theme,
    languages: JSON.stringify(c.languages),
    date_start: new Date(c.dateStart).toISOString(),
    date_end: new Date(c.dateEnd).toISOString(),
    status: c.status,
    is360: c.is360 ? 1 : 0,
    self_evaluation: c.selfEvaluation ? 1 : 0,
    range360_num: c.range360Num,
    privacy_agreement: JSON.stringify(cleanHtmlField(c.privacyAgreement ?? DEFAULT_PRIVACY_AGREEMENT)),
    logo: c.logo ?? null,
    data: json(
      c.data && {
        ...c.data,
        ...('intro' in c.data ? { intro: cleanHtmlField(c.data.intro) } : {}),
        ...('outro' in c.data ? { outro: cleanHtmlField(c.data.outro) } : {}),
      },
    ),
    questions360: json(c.questions360),
    scale360: json(c.scale360),
    model: json(c.model),
    // Stored with its defaults filled in, so readers never meet a campaign without report settings.
    report: JSON.stringify(c.report ?? bundleReportSchema.parse({})),
  };
}
