// The offline password check: the right password passes, others do not, the
// password is not in what is stored, and older parameters still check.
import { describe, expect, it } from 'vitest';
import { checkVerifier, makeVerifier, passwordVerifier, SCRYPT_PARAMS } from './verifier';

describe('password verifier', () => {
  it('accepts the password it was made from and refuses any other', async () => {
    const v = await makeVerifier('Señal-42 secreta');
    expect(await checkVerifier(v, 'Señal-42 secreta')).toBe(true);
    expect(await checkVerifier(v, 'señal-42 secreta')).toBe(false);
    expect(await checkVerifier(v, '')).toBe(false);
  });

  it('stores the parameters and a fresh salt, never the password', async () => {
    const a = await makeVerifier('hunter2');
    const b = await makeVerifier('hunter2');
    expect(passwordVerifier.parse(a)).toEqual(a);
    expect(a).toMatchObject({ algorithm: 'scrypt', N: SCRYPT_PARAMS.N, r: SCRYPT_PARAMS.r, p: SCRYPT_PARAMS.p });
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(JSON.stringify(a)).not.toContain('hunter2');
  });

  it('checks a verifier made with other parameters by its own parameters', async () => {
    const current = await makeVerifier('pw');
    // A verifier as an older (cheaper) version would have written it: same password, N = 2^10.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const older = {
      ...current,
      N: 1024,
      salt: salt.toString('base64'),
      hash: scryptSync('pw', salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64'),
    };
    expect(await checkVerifier(older, 'pw')).toBe(true);
    expect(await checkVerifier(older, 'pw2')).toBe(false);
  });

  it('refuses a damaged verifier instead of throwing', async () => {
    const v = await makeVerifier('pw');
    expect(await checkVerifier({ ...v, hash: v.hash.slice(0, 8) }, 'pw')).toBe(false);
  });
});
