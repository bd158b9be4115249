import { randomBytes, randomInt } from 'node:crypto';

/** The last id's time and bytes: ids made in the same millisecond count up from it. */
let last: { ts: number; bytes: Buffer } | null = null;

/**
 * UUIDv7 (RFC 9562): time-ordered, so sort keys built from it list oldest first — and monotonic
 * within a millisecond of this process (RFC 9562 §6.2, method 2): an id made in the same
 * millisecond as the one before it is that one plus one in its low random bits. Records made
 * together keep the order they were made in when sorted by id: a stock movement and the count
 * that keeps it (inventory/stock.ts), replayed in that order by inventory/recost.ts. An id for
 * another time (a caller's own `now`) is random within that millisecond, as before.
 */
export function uuidv7(now = Date.now()): string {
  let bytes: Buffer;
  if (last && now === last.ts) {
    bytes = Buffer.from(last.bytes);
    // The last 7 bytes count up (56 bits: no millisecond makes that many ids).
    for (let i = 15; i >= 9; i--) {
      bytes[i] = (bytes[i]! + 1) & 0xff;
      if (bytes[i] !== 0) break;
    }
  } else {
    bytes = randomBytes(16);
    const ts = BigInt(now);
    for (let i = 0; i < 6; i++) bytes[i] = Number((ts >> BigInt(8 * (5 - i))) & 0xffn);
    bytes[6] = (bytes[6]! & 0x0f) | 0x70;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    // Room to count up within the millisecond.
    bytes[9] = bytes[9]! & 0x7f;
  }
  last = { ts: now, bytes };
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A url-safe random token with `bytes` of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of `digits` digits, uniformly drawn. */
export function randomDigits(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

export const nowIso = () => new Date().toISOString();
export const epochSeconds = (date = new Date()) => Math.floor(date.getTime() / 1000);
