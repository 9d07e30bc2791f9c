import { RETENTION_NOTICE_DAYS } from '@prova/contract/staff-erasure';
import { isStaff } from '../../../domain/roles';
import { maskEmail } from '../../../http/log-redaction';
import type { Repositories } from '../../../repositories/create-repositories';
import type { OutgoingMail } from '../../mail/mailer';
import { retentionNoticeMail } from './retention-notice-mail';

// The daily retention run (issue 52): the people whose every campaign ended their retention period ago are erased;
// staff are told a month before who will go. One instance runs each day's run: the one whose claim of the day's row
// (retention_runs) was first; the others find it taken and do nothing.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRunResult {
  /** False when another instance had the day's run already. */
  ran: boolean;
  erased: number;
  noticed: number;
}

type Repos = Pick<Repositories, 'staff' | 'audit'>;

export async function runRetention(
  repos: Repos,
  deps: { claimer: string; send(mail: OutgoingMail): Promise<void>; failed(err: unknown): void },
  now = new Date(),
): Promise<RetentionRunResult> {
  const day = now.toISOString().slice(0, 10);
  if (!(await repos.staff.retention.claimDay(day, deps.claimer, now))) return { ran: false, erased: 0, noticed: 0 };
  const due = await repos.staff.retention.due();
  let erased = 0;
  for (const person of due.filter((p) => p.eraseOn <= now)) {
    const receipt = await repos.staff.erasure.erase(
      {
        id: person.userId,
        companyId: person.companyId,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        maskedEmail: maskEmail(person.email.trim().toLowerCase()),
      },
      { keepResults: await repos.staff.erasure.keepsResults(person.companyId), erasedBy: null, reason: 'retention', now },
    );
    if (!receipt) continue;
    erased++;
    await repos.audit.record({
      at: receipt.at,
      event: 'person-erased',
      companyId: person.companyId,
      target: `erasures/${receipt.id}`,
      detail: 'retention',
    });
  }

  const noticeUntil = new Date(now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS);
  const toTell = due.filter((p) => p.eraseOn > now && p.eraseOn <= noticeUntil && p.notifiedAt === null);
  let noticed = 0;
  const byCompany = new Map<number, typeof toTell>();
  for (const person of toTell) byCompany.set(person.companyId, [...(byCompany.get(person.companyId) ?? []), person]);
  for (const [companyId, people] of byCompany) {
    try {
      const staff = (await repos.staff.retention.activePeopleOf(companyId)).filter((p) => isStaff(p.role));
      for (const member of staff)
        await deps.send(
          retentionNoticeMail({ to: member.email, firstName: member.first_name, lang: member.lang, days: RETENTION_NOTICE_DAYS, people }),
        );
      await repos.staff.retention.recordNotices(
        people.map((p) => ({ userId: p.userId, companyId, eraseOn: p.eraseOn.toISOString() })),
        now,
      );
      noticed += people.length;
    } catch (err) {
      // Not recorded: the next day's run tells them again.
      deps.failed(err);
    }
  }
  await repos.staff.retention.finishDay(day, { erased, noticed }, now);
  return { ran: true, erased, noticed };
}
