import { agendaStorageSchema, storageProblems } from '@prova/contract/agenda';
import type { FieldIssue } from '@prova/contract/errors';
import { toFieldIssues } from '@prova/contract/errors';
import { z } from 'zod';
import { agendaMonthOf } from '../presenters/present-layout';
import { effectiveStatus } from '../domain/test-clock';
import type { ParticipationContext } from '../policies/test-access';
import { prerequisitesOf } from '../policies/test-start';
import type { TestDeliveryRepos } from '../repositories/create-repositories';

/** What the other layouts keep per person (the challenge's tutorial and welcome page seen). */
const plainStorageSchema = z.looseObject({ hasSeenTutorial: z.boolean().optional(), introSeen: z.boolean().optional() });

/**
 * Checks a person's whole new storage against what they had: an agenda's tests may only move by the
 * agenda's rules (the same the page applies), so a hand-made request cannot bend them. Answers the
 * problems, or the storage to write.
 */
export async function checkStorage(
  repos: TestDeliveryRepos,
  context: ParticipationContext,
  next: Record<string, unknown>,
): Promise<{ ok: true; storage: Record<string, unknown> } | { ok: false; problems: FieldIssue[] }> {
  const { participation, user } = context;
  if (participation.theme !== 'agenda') {
    const parsed = plainStorageSchema.safeParse(next);
    return parsed.success ? { ok: true, storage: parsed.data } : { ok: false, problems: toFieldIssues(parsed.error, 'data') };
  }
  const parsed = agendaStorageSchema.safeParse(next);
  if (!parsed.success) return { ok: false, problems: toFieldIssues(parsed.error, 'data') };
  const data = (participation.data ?? {}) as Record<string, unknown>;
  const previous = agendaStorageSchema.safeParse(participation.storage ?? data);
  if (!previous.success) return { ok: true, storage: parsed.data };
  const [tests, progress] = await Promise.all([
    repos.tests.listForCampaign(participation.id),
    repos.progress.listForUser(participation.id, user.id),
  ]);
  const now = new Date();
  const complete = new Set(progress.filter((p) => effectiveStatus(p, now) === 'complete').map((p) => p.test_id));
  const problems = storageProblems({
    previous: previous.data,
    next: parsed.data,
    month: agendaMonthOf(data),
    prerequisites: new Map(tests.map((test) => [test.id, prerequisitesOf(test)])),
    complete,
  });
  if (problems.length)
    return { ok: false, problems: problems.map((p) => ({ path: `data.${p.split(':')[0]}`, message: p.slice(p.indexOf(':') + 2) })) };
  return { ok: true, storage: parsed.data };
}
