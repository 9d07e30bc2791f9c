import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { INVITATION_TTL_MS } from '@prova/contract/staff';
import type { StaffAppointmentResponse, staffAppointmentSchema } from '@prova/contract/staff-companies';
import type { Person } from '@prova/contract/staff-people';
import { HttpError } from '../../../http/http-error';
import { isOperator, isStaff } from '../../../domain/roles';
import { newPasswordLink } from '../../mail/password-reset-mail';
import { hashResetToken, newResetToken } from '../../set-password-links';
import { findPerson } from '../people';
import { appointmentMail } from '../invitations/appointment-mail';
import type { Entry } from '../invitations/invitation-mail';
import { findCompany } from './manage-companies';

type Appointment = z.output<typeof staffAppointmentSchema>;

/**
 * Makes someone a company's admin or superassessor: a new person of the company, or one of its people given the role
 * (somebody of another company is 409). They are mailed how to get in, as a campaign invitation does: a set-password
 * link (the reset machinery's, valid as long as an invitation's) when they have no password and no single sign-on.
 */
export async function appointStaff(
  app: FastifyInstance,
  opts: { companyId: number; body: Appointment; publicUrl: string },
): Promise<Omit<StaffAppointmentResponse, 'status'>> {
  const { staff, users } = app.repos;
  const { companyId, body } = opts;
  const company = await findCompany(app.repos, companyId);
  const existing = await users.findByEmail(body.email);
  let userId: number;
  if (existing) {
    if (existing.company_id !== companyId) throw new HttpError(409, 'CONFLICT', `${body.email} is a person of another company`);
    if (isOperator(existing.role)) throw new HttpError(409, 'CONFLICT', `${body.email} is the platform's operator`);
    userId = existing.id;
    const patch: { role?: string; has_sso?: number; deactivated_at?: null } = { deactivated_at: null };
    if (!isStaff(existing.role) || existing.role !== body.role) patch.role = body.role;
    if (body.hasSSO) patch.has_sso = 1;
    await staff.people.update(userId, patch);
  } else {
    userId = await staff.people.create(companyId, {
      email: body.email,
      first_name: body.firstName,
      last_name: body.lastName,
      gender: null,
      lang: body.lang ?? null,
      role: body.role,
      has_sso: body.hasSSO ? 1 : 0,
    });
  }
  const person: Person = await findPerson(app.repos, companyId, userId);

  let entry: Entry;
  if (person.hasSSO && company.ssoSlug) entry = { kind: 'sso', link: `${opts.publicUrl}/sso/${encodeURIComponent(company.ssoSlug)}` };
  else if (!person.hasPassword) {
    const token = newResetToken();
    const issued = new Date();
    await users.replacePasswordReset(userId, hashResetToken(token), issued, new Date(issued.getTime() + INVITATION_TTL_MS));
    entry = { kind: 'set-password', link: newPasswordLink(opts.publicUrl, token, person.email), days: INVITATION_TTL_MS / 86_400_000 };
  } else entry = { kind: 'sign-in', link: `${opts.publicUrl}/login` };
  app.mail.sendLater(
    appointmentMail({ to: person.email, firstName: person.firstName, lang: person.lang, company: company.name, role: body.role, entry }),
  );
  return { person, invitation: entry.kind };
}
