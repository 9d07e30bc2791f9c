import type { StaffContext } from '../../../policies/staff-access';

/** Staff read names in their own language (Italian by default). */
export const staffLang = (context: StaffContext) => context.user.lang ?? 'IT_it';
