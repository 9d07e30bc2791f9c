import type { User } from '@prova/contract/auth';

/**
 * The i18next context of a text that agrees with the person ('Benvenuta'); undefined keeps the spec's
 * words. A type, not an interface, so that t() takes it as its options.
 */
export type GenderOptions = { context: 'female' | 'male' | undefined };

/** `t(key, genderOf(user))`: the person's gender where known, for the languages whose texts follow it. */
export const genderOf = (user: Pick<User, 'gender'> | null | undefined): GenderOptions => ({
  context: user?.gender === 'F' ? 'female' : user?.gender === 'M' ? 'male' : undefined,
});
