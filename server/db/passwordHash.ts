import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** The argon2 parameters of every stored password hash (OWASP's argon2id baseline): one place for the demo and the sign-in decoy. */
export const passwordHashOptions = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  hashLength: 32,
} as const;

export const passwordSaltBytes = 16;

/** A PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) with the shared parameters; a random salt unless one is given. */
export function hashPassword(password: string, salt: Buffer = randomBytes(passwordSaltBytes)): Promise<string> {
  return argon2.hash(password, { ...passwordHashOptions, salt });
}
