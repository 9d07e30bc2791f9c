import { describe, expect, it } from 'vitest';
import { canSubmitNewPassword, newPasswordFormSchema, passwordRuleFailures } from '@prova/contract/password';
import { newPasswordFailures, passwordPolicyFailures } from './check-password-policy';

describe('shared client rules', () => {
  it('lists every failing rule in the order the messages are shown', () => {
    expect(passwordRuleFailures('', 'x')).toEqual(['min', 'lowercase', 'uppercase', 'digit', 'confirmation']);
    expect(passwordRuleFailures('abcdefgh', 'abcdefgh')).toEqual(['uppercase', 'digit']);
    expect(passwordRuleFailures('ABCDEFG1', 'ABCDEFG1')).toEqual(['lowercase']);
    expect(passwordRuleFailures('Abcdefg1', 'Abcdefg2')).toEqual(['confirmation']);
    expect(passwordRuleFailures('Abcdefg1', 'Abcdefg1')).toEqual([]);
    expect(passwordRuleFailures('Àbcdéfg1', 'Àbcdéfg1')).toEqual([]);
  });

  it('marks the button active at 8 characters with a matching confirmation', () => {
    expect(canSubmitNewPassword('abcdefg', 'abcdefg')).toBe(false);
    expect(canSubmitNewPassword('abcdefgh', 'abcdefgx')).toBe(false);
    expect(canSubmitNewPassword('abcdefgh', 'abcdefgh')).toBe(true);
  });

  it('gives the form schema the rule keys on the right fields', () => {
    const result = newPasswordFormSchema.safeParse({ password: 'abc', password_confirmation: 'abd' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues).toEqual(['password:min', 'password:uppercase', 'password:digit', 'password_confirmation:confirmation']);
    expect(newPasswordFormSchema.safeParse({ password: 'Abcdefg1', password_confirmation: 'Abcdefg1' }).success).toBe(true);
  });
});

describe('server password policy', () => {
  it('checks letters, mixed case, numbers and symbols', () => {
    expect(passwordPolicyFailures('Tr0ub4dor&3')).toEqual([]);
    expect(passwordPolicyFailures('7429#1856!03')).toEqual(['validation.password.letters', 'validation.password.mixed']);
    expect(passwordPolicyFailures('tr0ub4dor&3x')).toEqual(['validation.password.mixed']);
    expect(passwordPolicyFailures('Troubadour&Zeta')).toEqual(['validation.password.numbers']);
    expect(passwordPolicyFailures('Tr0ub4dor3Kx')).toEqual(['validation.password.symbols']);
    // Spaces count as symbols; letters are any script's.
    expect(passwordPolicyFailures('Ώρα για 7 καφέδες')).toEqual([]);
  });

  it('calls common and guessable passwords compromised, offline, in English and Italian', () => {
    for (const p of ['Password1!', 'Qwerty123!', 'Buongiorno1!', 'Juventus1!', 'P@ssw0rd']) {
      expect(passwordPolicyFailures(p), p).toContain('validation.password.uncompromised');
    }
    // Eight random characters pass; a password made of the person's own name does not.
    expect(passwordPolicyFailures('Xq7!mBwz', [])).toEqual([]);
    expect(passwordPolicyFailures('Gianluca1!', ['Gianluca', 'Ferri', 'gianluca.ferri@example.com'])).toEqual([
      'validation.password.uncompromised',
    ]);
  });

  it('adds the length and confirmation keys to the policy keys', () => {
    expect(newPasswordFailures('Aa1!', 'Aa1!')).toEqual(['validation.password.min', 'validation.password.uncompromised']);
    expect(newPasswordFailures('Tr0ub4dor&3', 'Tr0ub4dor&33')).toEqual(['validation.password.confirmed']);
  });
});
