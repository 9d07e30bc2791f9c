import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import * as zxcvbnIt from '@zxcvbn-ts/language-it';
import { type PasswordErrorKey, type PasswordPolicyKey, passwordRuleFailures } from '@prova/contract/password';

/** zxcvbn scores from 0 to 4; below this the password is 'compromised' (too easy to guess). */
const MIN_SCORE = 2;

// Built on first use: loading the dictionaries takes a few hundred milliseconds.
let estimator: ZxcvbnFactory | undefined;
let commonPasswords: Set<string> | undefined;

function strength() {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary, ...zxcvbnIt.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
  });
  return estimator;
}

function commonList(): Set<string> {
  commonPasswords ??= new Set(zxcvbnCommon.dictionary['passwords-common'] as string[]);
  return commonPasswords;
}

/** The strength rules alone (server side). Offline: dictionaries only, no breach look-up. */
export function passwordPolicyFailures(password: string, userInputs: string[] = []): PasswordPolicyKey[] {
  const failures: PasswordPolicyKey[] = [];
  if (!/\p{L}/u.test(password)) failures.push('validation.password.letters');
  if (!(/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password))) failures.push('validation.password.mixed');
  if (!/\p{N}/u.test(password)) failures.push('validation.password.numbers');
  if (!/[^\p{L}\p{N}]/u.test(password)) failures.push('validation.password.symbols');
  if (isCompromised(password, userInputs)) failures.push('validation.password.uncompromised');
  return failures;
}

function isCompromised(password: string, userInputs: string[]): boolean {
  if (commonList().has(password.toLowerCase())) return true;
  return strength().check(password, userInputs).score < MIN_SCORE;
}

/**
 * Every key a new password fails: the shared client rules for length and confirmation, then the
 * strength rules (whose mixed and numbers keys cover the client's lowercase, uppercase and digit).
 */
export function newPasswordFailures(password: string, confirmation: string, userInputs: string[] = []): PasswordErrorKey[] {
  const basic = passwordRuleFailures(password, confirmation);
  const failures: PasswordErrorKey[] = [];
  if (basic.includes('min')) failures.push('validation.password.min');
  if (basic.includes('confirmation')) failures.push('validation.password.confirmed');
  return [...failures, ...passwordPolicyFailures(password, userInputs)];
}
