import { OPERATOR_ROLE } from '@prova/contract/auth';

// What each role may do. Staff (admin, superassessor and the platform's operator) run their company's campaigns
// and assess too; assessors assess the people assigned to them; everybody else is a candidate.

const STAFF_ROLES = new Set(['admin', 'superassessor', 'operator']);

export const isStaff = (role: string) => STAFF_ROLES.has(role);
export const isAssessor = (role: string) => role === 'Assessor' || STAFF_ROLES.has(role);

/** The permissions a role carries, as the app reads them (`assess`, `staff`). */
export function permissionsOf(role: string): string[] {
  if (STAFF_ROLES.has(role)) return ['assess', 'staff'];
  if (role === 'Assessor') return ['assess'];
  return [];
}

/** The platform's own staff, who manage every client company (issue 51). */
export const isOperator = (role: string) => role === OPERATOR_ROLE;

/**
 * A company's admin (or the operator, admin of every company): what overrides a campaign's own rules, such as
 * reopening its locked assessments, is theirs; a superassessor, staff who also assess, is not.
 */
export const isCompanyAdmin = (role: string) => role === 'admin' || isOperator(role);

/**
 * The company a staff member's console works on: their own; for the operator, the session's current company
 * (their own until they switch). Every staff call resolves it once (policies/staff-access.ts).
 */
export function companyActedFor(user: { role: string; company_id: number }, currentCompanyId: number | null): number {
  return isOperator(user.role) && currentCompanyId !== null ? currentCompanyId : user.company_id;
}
