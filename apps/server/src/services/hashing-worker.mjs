// A hashing thread of services/passwords.ts (a piscina pool): plain JavaScript, so that the same file runs under the
// tests and beside the built server (build.mjs copies it into dist/). Hashing is synchronous here, on this thread,
// whose priority piscina lowers (niceIncrement).
import { getPriority } from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';

export default function hashing({ op, password, hash, options }) {
  if (op === 'hash') return hashSync(password, options);
  if (op === 'verify') return verifySync(hash, password);
  return getPriority();
}
