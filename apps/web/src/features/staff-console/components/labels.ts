import type { Role, User } from '@prova/contract/auth';
import type { LangCode } from '@prova/contract/limits';
import { useTranslation } from 'react-i18next';
import { genderOf } from '@/lib/gender';

const ROLE_KEYS = {
  user: 'roles.user',
  Assessor: 'roles.Assessor',
  admin: 'roles.admin',
  superassessor: 'roles.superassessor',
  operator: 'roles.operator',
} as const;
const LANG_KEYS = { IT_it: 'languages.IT_it', EN_en: 'languages.EN_en', ES_es: 'languages.ES_es' } as const;

/** Words for the contract's role and language codes; a person's role in their gender ('Candidata'), where it is known. */
export function useCodeLabels() {
  const { t } = useTranslation('console');
  return {
    role: (role: Role, person?: Pick<User, 'gender'>) => t(ROLE_KEYS[role], genderOf(person)),
    lang: (lang: LangCode | null) => (lang ? t(LANG_KEYS[lang]) : t('languages.none')),
  };
}

/** A person as the console names them: first and last name, else the e-mail. */
export function fullName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
