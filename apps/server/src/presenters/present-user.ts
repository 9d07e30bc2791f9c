import type { User } from '@prova/contract/auth';
import { isAssessor, permissionsOf } from '../domain/roles';
import type { UserWithCompany } from '../repositories/users-repository';

export function presentUser(row: UserWithCompany): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.email,
    email: row.email,
    gender: row.gender === 'M' || row.gender === 'F' ? row.gender : null,
    lang: (row.lang as User['lang']) ?? null,
    role: { name: row.role as User['role']['name'] },
    privacy: row.privacy === 1,
    hasSSO: row.has_sso === 1,
    company: { id: row.company_id, name: row.company_name, logo: row.company_logo },
    isAssessor: isAssessor(row.role),
    permissions: permissionsOf(row.role),
  };
}
