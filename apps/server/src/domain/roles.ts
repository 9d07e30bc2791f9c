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
