import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { maskEmail } from '../http/log-redaction';

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
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Writes one structured audit entry (`audit` in the log) with who, what, when and from where. */
    audit(entry: AuditEntry): void;
  }
}

export const audit = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('audit', function (this: FastifyRequest, entry: AuditEntry) {
      const { email, ...rest } = entry;
      this.log.info(
        {
          audit: {
            ...rest,
            ...(email ? { email: maskEmail(email.trim().toLowerCase()) } : {}),
            at: new Date().toISOString(),
            ip: this.ip,
            route: `${this.method} ${this.routeOptions.url ?? ''}`,
          },
        },
        'audit',
      );
    });
  },
  { name: 'audit' },
);
