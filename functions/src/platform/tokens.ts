import { SignJWT, jwtVerify, errors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@daftar/shared';
import { jwtSecret } from './secrets.js';
import { uuidv7 } from './ids.js';

export interface AccessTokenClaims {
  sub: string;
  jti: string;
  exp: number;
  /** The SPA reads superuser status from the token (SPEC §6). */
  is_superuser: boolean;
  /** The user's token_version when issued; a password change invalidates older tokens. */
  tv: number;
}

const key = async () => new TextEncoder().encode(await jwtSecret());

export async function issueAccessToken(user: { id: string; is_superuser: boolean; token_version: number }) {
  const jti = uuidv7();
  const token = await new SignJWT({ is_superuser: user.is_superuser, tv: user.token_version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await key());
  return token;
}

export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    return {
      sub: payload.sub,
      jti: payload.jti,
      exp: payload.exp,
      is_superuser: payload.is_superuser === true,
      tv: typeof payload.tv === 'number' ? payload.tv : 0,
    };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}
