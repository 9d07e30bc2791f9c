import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { checkPassword, HASHING_NICE, hashingPriority, hashPassword } from './passwords';

describe('password hashing', () => {
  it('checks a password against its argon2id hash, and nothing else', async () => {
    const stored = await hashPassword('Prova-Accesso-2026!');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await checkPassword(stored, 'Prova-Accesso-2026!')).toBe(true);
    expect(await checkPassword(stored, 'prova-accesso-2026!')).toBe(false);
    expect(await checkPassword('not a hash', 'Prova-Accesso-2026!')).toBe(false);
    expect(await checkPassword(null, 'Prova-Accesso-2026!')).toBe(false);
  });

  it("hashes with OWASP's 7 MiB and 5 passes, and still accepts passwords hashed before with the library's 19 MiB and 2", async () => {
    const stored = await hashPassword('Prova-Accesso-2026!');
    expect(stored).toContain('$m=7168,t=5,p=1$');
    const earlier = await hash('Prova-Accesso-2026!');
    expect(earlier).toContain('$m=19456,t=2,p=1$');
    expect(await checkPassword(earlier, 'Prova-Accesso-2026!')).toBe(true);
    expect(await checkPassword(earlier, 'Prova-Accesso-2025!')).toBe(false);
  });

  it('answers every check of a burst, more of them than there are hashing threads', async () => {
    const stored = await hashPassword('Prova-Accesso-2026!');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => checkPassword(stored, i % 2 ? 'Prova-Accesso-2026!' : 'wrong')));
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
  });

  it.runIf(process.platform === 'linux')('hashes at a lower priority than the threads that answer requests', async () => {
    const server = getPriority();
    expect(await hashingPriority()).toBe(Math.min(19, server + HASHING_NICE));
    expect(getPriority()).toBe(server);
  });
});
