import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (its default algorithm is argon2id).
export const hashPassword = (password: string) => hash(password);

// Verifying against a throwaway hash when the user is unknown keeps both answers equally slow.
let decoy: Promise<string> | undefined;

export async function checkPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hash('decoy-password-for-timing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
