import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { maskEmail } from '../http/log-redaction';
import { companyActedFor } from '../domain/roles';

/** What is worth knowing later about who did what: never a password or a token. */
export type AuditEvent =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-throttled'
  | 'password-reset-requested'
  | 'password-changed'
  | 'sso-sign-in'
  | 'sso-failed'
  | 'refused'
  /** Asked for what another company has: answered 404 as if nobody had it (http-error.ts, OtherCompanyError). */
  | 'other-company-refused'
  /** Signed in with a right-or-wrong password but has none yet: a set-password link was mailed. */
  | 'password-must-be-set'
  // Staff console actions; `target` names what they were done to.
  | 'staff-created'
  | 'staff-updated'
  | 'staff-deleted'
  | 'staff-import-uploaded'
  | 'staff-import-confirmed'
  | 'staff-invited'
  | 'staff-test-reset'
  | 'staff-export-started'
  | 'staff-file-downloaded'
  | 'staff-report-downloaded'
  /** A closed campaign's assessments reopened for a while (issue 54): `detail` says until when, and why. */
  | 'staff-assessments-reopened'
  /** An erasure (issue 52): `target` is its receipt (`erasures/<id>`), never the person. */
  | 'person-erased'
  | 'staff-retention-updated'
  /** A person's data export (issue 52): by the person, or (`staff-`) by staff for them, `target` naming whom. */
  | 'personal-data-exported'
  | 'staff-personal-data-exported'
  // The platform operator's management of companies (issue 51).
  | 'company-created'
  | 'company-renamed'
  | 'company-deleted'
  | 'company-sso-changed'
  | 'company-staff-appointed'
  | 'current-company-changed'
  // Integrations (issue 51): never the token or the signing secret.
  | 'api-token-created'
  | 'api-token-revoked'
  | 'webhook-changed';

export interface AuditEntry {
  event: AuditEvent;
  userId?: number;
  /** Masked before it is written. */
  email?: string;
  detail?: string;
  /** What a staff action concerned, e.g. `people/12` or `campaigns/5001/participants/3/tests/104`. */
  target?: string;
  /** The company the entry concerns, where it is not the actor's own (an operator acting on a client company). */
  companyId?: number;
  /** The person the action was about (whose report was downloaded), for the trail and their own data. */
  subjectUserId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Writes one structured audit entry (`audit` in the log, and a row of the trail) with who, what, when and from
     * where. The answer waits for the row: an action is not reported done before its trail is kept.
     */
    audit(entry: AuditEntry): void;
    auditWrites: Promise<void>[] | null;
  }
}

/**
 * The company an entry concerns when it names none: for the operator at work on their current company (every staff
 * call, none of which names it), that company; else none, which the trail reads as the actor's own.
 */
async function actingCompany(request: FastifyRequest, entry: AuditEntry): Promise<number | undefined> {
  if (entry.companyId !== undefined) return entry.companyId;
  const auth = request.authLookup ? await request.authLookup.catch(() => null) : null;
  if (!auth || auth.user.id !== entry.userId || auth.session.currentCompanyId === null) return undefined;
  return companyActedFor(auth.user, auth.session.currentCompanyId);
}

export const audit = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auditWrites', null);
    app.decorateRequest('audit', function (this: FastifyRequest, entry: AuditEntry) {
      const { email, companyId, subjectUserId, ...rest } = entry;
      const at = new Date().toISOString();
      const masked = email ? maskEmail(email.trim().toLowerCase()) : undefined;
      const route = `${this.method} ${this.routeOptions.url ?? ''}`;
      this.log.info(
        {
          audit: {
            ...rest,
            ...(masked ? { email: masked } : {}),
            ...(companyId ? { companyId } : {}),
            ...(subjectUserId ? { subjectUserId } : {}),
            at,
            ip: this.ip,
            route,
          },
        },
        'audit',
      );
      const write = actingCompany(this, entry)
        .then((acting) =>
          this.server.repos.audit.record({
            at,
            event: entry.event,
            actorId: entry.userId,
            companyId: acting,
            target: entry.target,
            subjectUserId,
            email: masked,
            detail: entry.detail,
            ip: this.ip,
            route,
          }),
        )
        .catch((error: unknown) => this.log.error({ err: error, audit: entry.event }, 'audit entry not kept'));
      (this.auditWrites ??= []).push(write);
    });
    app.addHook('onSend', async (request) => {
      if (request.auditWrites) await Promise.all(request.auditWrites);
    });
  },
  { name: 'audit' },
);
