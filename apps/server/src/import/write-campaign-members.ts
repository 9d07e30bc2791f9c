import type { Bundle } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import { diffRow, isEmpty } from './diff-row';
import type { ImportSummary } from './import-summary';

type BundleCampaign = Bundle['campaigns'][number];

// A list the bundle gives replaces the campaign's rows (upsert, then remove the ones no longer
// listed); an absent list leaves them alone. Progress, outcomes and logs live in their own tables
// and are never touched here.
export async function writeCampaignMembers(db: Db, campaign: BundleCampaign, summary: ImportSummary): Promise<void> {
  const emails = new Set([
    ...(campaign.participants ?? []).map((p) => p.user),
    ...(campaign.assessments ?? []).flatMap((a) => [a.assessor, ...a.assessed]),
    ...(campaign.relations360 ?? []).flatMap((r) => [r.evaluator, r.evaluee]),
  ]);
  const userIds = await findUserIds(db, [...emails]);
  const userId = (email: string) => {
    const id = userIds.get(email);
    if (id === undefined) throw new Error(`User "${email}" vanished during the import`);
    return id;
  };

  if (campaign.tests) await writeCampaignTests(db, campaign, summary);
  if (campaign.participants) await writeParticipants(db, campaign, userId, summary);
  if (campaign.assessments) await writeAssessments(db, campaign, userId, summary);
  if (campaign.relations360) await writeRelations(db, campaign, userId, summary);
}

async function findUserIds(db: Db, emails: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  // Chunked to stay under the bound-parameter limits of both databases.
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', emails.slice(i, i + 500))
      .execute();
    for (const row of rows) ids.set(row.email, row.id);
  }
  return ids;
}

async function writeCampaignTests(db: Db, campaign: BundleCampaign, summary: ImportSummary) {
  const counts = summary.campaignTests;
  const existing = new Map(
    (await db.selectFrom('campaign_tests').selectAll().where('campaign_id', '=', campaign.id).execute()).map((r) => [r.test_id, r]),
  );
  const listed = new Set<number>();
  for (const [position, t] of (campaign.tests ?? []).entries()) {
    listed.add(t.test);
    const row = {
      position,
      prerequisites: JSON.stringify(t.prerequisites),
      agenda_date: t.agendaDate ?? null,
      section: t.section ?? null,
    };
    const current = existing.get(t.test);
    if (!current) {
      await db
        .insertInto('campaign_tests')
        .values({ campaign_id: campaign.id, test_id: t.test, ...row })
        .execute();
      counts.created++;
      continue;
    }
    const patch = diffRow(current, row);
    if (isEmpty(patch)) counts.unchanged++;
    else {
      await db.updateTable('campaign_tests').set(patch).where('campaign_id', '=', campaign.id).where('test_id', '=', t.test).execute();
      counts.updated++;
    }
  }
  for (const testId of existing.keys()) {
    if (listed.has(testId)) continue;
    await db.deleteFrom('campaign_tests').where('campaign_id', '=', campaign.id).where('test_id', '=', testId).execute();
    counts.removed++;
  }
}

async function writeParticipants(db: Db, campaign: BundleCampaign, userId: (email: string) => number, summary: ImportSummary) {
  const counts = summary.participants;
  const existing = new Map(
    (await db.selectFrom('participants').selectAll().where('campaign_id', '=', campaign.id).execute()).map((r) => [r.user_id, r]),
  );
  const listed = new Set<number>();
  for (const p of campaign.participants ?? []) {
    const id = userId(p.user);
    listed.add(id);
    const lastAccess = p.lastAccess ? new Date(p.lastAccess).toISOString() : null;
    const current = existing.get(id);
    if (!current) {
      await db
        .insertInto('participants')
        .values({
          campaign_id: campaign.id,
          user_id: id,
          lang: p.lang ?? null,
          last_access: lastAccess,
          extra_time_percent: p.extraTimePercent,
        })
        .execute();
      counts.created++;
      continue;
    }
    // The language a person picked and their last access are theirs: the bundle only fills them when empty.
    const patch = diffRow(current, {
      lang: current.lang ?? p.lang ?? null,
      last_access: current.last_access ?? lastAccess,
      extra_time_percent: p.extraTimePercent,
    });
    if (isEmpty(patch)) counts.unchanged++;
    else {
      await db.updateTable('participants').set(patch).where('campaign_id', '=', campaign.id).where('user_id', '=', id).execute();
      counts.updated++;
    }
  }
  for (const id of existing.keys()) {
    if (listed.has(id)) continue;
    await db.deleteFrom('participants').where('campaign_id', '=', campaign.id).where('user_id', '=', id).execute();
    counts.removed++;
  }
}

async function writeAssessments(db: Db, campaign: BundleCampaign, userId: (email: string) => number, summary: ImportSummary) {
  const counts = summary.assessments;
  const key = (assessor: number, assessed: number, test: number) => `${assessor}/${assessed}/${test}`;
  const existing = new Set(
    (await db.selectFrom('assessments').selectAll().where('campaign_id', '=', campaign.id).execute()).map((r) =>
      key(r.assessor_id, r.assessed_id, r.test_id),
    ),
  );
  // Without a tests list an assessment covers every test of the campaign (as stored after this import).
  const allTests = (
    await db.selectFrom('campaign_tests').select('test_id').where('campaign_id', '=', campaign.id).orderBy('position').execute()
  ).map((r) => r.test_id);
  const wanted = new Map<string, { assessor_id: number; assessed_id: number; test_id: number }>();
  for (const a of campaign.assessments ?? []) {
    for (const assessed of a.assessed) {
      for (const test of a.tests ?? allTests) {
        const row = { assessor_id: userId(a.assessor), assessed_id: userId(assessed), test_id: test };
        wanted.set(key(row.assessor_id, row.assessed_id, row.test_id), row);
      }
    }
  }
  for (const [k, row] of wanted) {
    if (existing.has(k)) counts.unchanged++;
    else {
      await db
        .insertInto('assessments')
        .values({ campaign_id: campaign.id, ...row })
        .execute();
      counts.created++;
    }
  }
  for (const k of existing) {
    if (wanted.has(k)) continue;
    const [assessor, assessed, test] = k.split('/').map(Number);
    await db
      .deleteFrom('assessments')
      .where('campaign_id', '=', campaign.id)
      .where('assessor_id', '=', assessor)
      .where('assessed_id', '=', assessed)
      .where('test_id', '=', test)
      .execute();
    counts.removed++;
  }
}

async function writeRelations(db: Db, campaign: BundleCampaign, userId: (email: string) => number, summary: ImportSummary) {
  const counts = summary.relations360;
  const key = (evaluator: number, evaluee: number) => `${evaluator}/${evaluee}`;
  const existing = new Map(
    (await db.selectFrom('relations360').selectAll().where('campaign_id', '=', campaign.id).execute()).map((r) => [
      key(r.evaluator_id, r.evaluee_id),
      r,
    ]),
  );
  const listed = new Set<string>();
  for (const r of campaign.relations360 ?? []) {
    const evaluator = userId(r.evaluator);
    const evaluee = userId(r.evaluee);
    const k = key(evaluator, evaluee);
    listed.add(k);
    const row = { relation_id: r.relationId, label: r.label ? JSON.stringify(r.label) : null };
    const current = existing.get(k);
    if (!current) {
      await db
        .insertInto('relations360')
        .values({ campaign_id: campaign.id, evaluator_id: evaluator, evaluee_id: evaluee, ...row })
        .execute();
      counts.created++;
      continue;
    }
    const patch = diffRow(current, row);
    if (isEmpty(patch)) counts.unchanged++;
    else {
      await db
        .updateTable('relations360')
        .set(patch)
        .where('campaign_id', '=', campaign.id)
        .where('evaluator_id', '=', evaluator)
        .where('evaluee_id', '=', evaluee)
        .execute();
      counts.updated++;
    }
  }
  for (const [k, r] of existing) {
    if (listed.has(k)) continue;
    await db
      .deleteFrom('relations360')
      .where('campaign_id', '=', campaign.id)
      .where('evaluator_id', '=', r.evaluator_id)
      .where('evaluee_id', '=', r.evaluee_id)
      .execute();
    counts.removed++;
  }
}
