// The offline password check: a salted slow hash (scrypt, node:crypto) of the
// account's password, kept in the account's local settings so the app can be
// unlocked without the server. Never the password itself. The parameters are
// stored with each hash, so raising them later still checks older verifiers.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';

/**
 * The ONE place of the scrypt parameters for new verifiers: N = 2^15, r = 8,
 * p = 1 (~32 MiB, ~0.1 s on the dev machine: slow enough to make guessing
 * costly, quick enough at unlock), a 32-byte key and a 16-byte random salt.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keylen: 32, saltBytes: 16 } as const;

export const passwordVerifier = z.object({
  algorithm: z.literal('scrypt'),
  N: z.number().int().min(2),
  r: z.number().int().min(1),
  p: z.number().int().min(1),
  keylen: z.number().int().min(16).max(128),
  /** base64 */
  salt: z.string().min(1),
  /** base64 */
  hash: z.string().min(1),
});
export type PasswordVerifier = z.output<typeof passwordVerifier>;

function derive(password: string, salt: Buffer, p: { N: number; r: number; p: number; keylen: number }) {
  // scrypt needs 128·N·r bytes; allow that plus headroom (Node's default cap is 32 MiB).
  const options: ScryptOptions = { N: p.N, r: p.r, p: p.p, maxmem: 256 * p.N * p.r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, p.keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A new verifier for this password, with a fresh salt and the current parameters. */
export async function makeVerifier(password: string): Promise<PasswordVerifier> {
  const { N, r, p, keylen, saltBytes } = SCRYPT_PARAMS;
  const salt = randomBytes(saltBytes);
  const hash = await derive(password, salt, { N, r, p, keylen });
  return { algorithm: 'scrypt', N, r, p, keylen, salt: salt.toString('base64'), hash: hash.toString('base64') };
}

/** Whether the password matches (constant-time compare, with the verifier's own parameters). */
export async function checkVerifier(verifier: PasswordVerifier, password: string): Promise<boolean> {
  const expected = Buffer.from(verifier.hash, 'base64');
  if (expected.length !== verifier.keylen) return false;
  const actual = await derive(password, Buffer.from(verifier.salt, 'base64'), verifier);
  return timingSafeEqual(actual, expected);
}
