/**
 * Encryption at rest for credentials the product must be able to read back (the JoFotara
 * Client-Id and Secret-Key): AES-256-GCM envelope encryption.
 *
 * The master key (key-encryption key: 32 random bytes in base64, or a long random password, as
 * the SecretString) lives in Secrets Manager under the id in EINVOICING_KEY_SECRET_ID and never
 * reaches DynamoDB. Each value
 * gets its own random data key; the value is sealed with the data key and the data key with the
 * master key, both with AES-256-GCM. A database dump alone therefore reveals nothing, and a
 * rotation only has to re-wrap data keys.
 *
 * Every seal is bound to a context string (e.g. `einvoicing:<organization id>:secret_key`) through
 * GCM's additional authenticated data: a ciphertext copied to another organization or another
 * field fails to open instead of leaking into the wrong place.
 *
 * Envelope text: `v1.<key fingerprint>.<wrapped data key>.<sealed value>`, the last two base64url
 * of `iv (12) | ciphertext | tag (16)`. The fingerprint (SHA-256 of the master key, 8 hex) says
 * which master key sealed the value, so a wrong or rotated key is reported as such.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { getSecret } from './secrets.js';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Returns the 32-byte master key. */
export type MasterKeyProvider = () => Promise<Buffer>;

/** A sealed value that cannot be opened: tampered, sealed for another context, or under another key. */
export class SecretDecryptionError extends Error {
  override name = 'SecretDecryptionError';
}

/** The master key is missing or malformed (deployment problem, not the caller's). */
export class EncryptionKeyError extends Error {
  override name = 'EncryptionKeyError';
}

/**
 * The master key from the secret's string: base64 (or base64url) of 32 random bytes, used as is;
 * or a long random password such as CDK's `generateSecretString` makes (at least 43 characters,
 * about 256 bits when alphanumeric), stretched to 32 bytes with HKDF-SHA256.
 */
function decodeMasterKey(secretString: string, secretId: string): Buffer {
  const text = secretString.trim();
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    const decoded = Buffer.from(text, /[-_]/.test(text) ? 'base64url' : 'base64');
    if (decoded.length === KEY_BYTES) return decoded;
  }
  if (text.length >= 43) return Buffer.from(hkdfSync('sha256', Buffer.from(text, 'utf8'), 'daftar', 'einvoicing-master-key', KEY_BYTES));
  throw new EncryptionKeyError(`Secret ${secretId} must hold 32 random bytes in base64, or a random string of at least 43 characters`);
}

/** Reads the master key from Secrets Manager (cached per container by getSecret). */
export const secretsManagerMasterKey: MasterKeyProvider = async () => {
  const secretId = process.env.EINVOICING_KEY_SECRET_ID;
  if (!secretId) throw new EncryptionKeyError('Missing environment variable EINVOICING_KEY_SECRET_ID');
  return decodeMasterKey(await getSecret(secretId), secretId);
};

let provider: MasterKeyProvider = secretsManagerMasterKey;
let masterKey: Promise<{ key: Buffer; fingerprint: string }> | undefined;

/**
 * Replaces where the master key comes from (tests, whose Secrets Manager emulator is started with
 * a fixed set of secrets); `null` restores Secrets Manager.
 */
export function useMasterKeyProvider(next: MasterKeyProvider | null): void {
  provider = next ?? secretsManagerMasterKey;
  masterKey = undefined;
}

function loadMasterKey() {
  if (!masterKey) {
    const loading = provider().then((key) => {
      if (key.length !== KEY_BYTES) throw new EncryptionKeyError(`The master key must be ${KEY_BYTES} bytes`);
      return { key, fingerprint: createHash('sha256').update(key).digest('hex').slice(0, 8) };
    });
    // A failed fetch (throttling, a secret created late) must not stick for the container's life.
    loading.catch(() => {
      if (masterKey === loading) masterKey = undefined;
    });
    masterKey = loading;
  }
  return masterKey;
}

function seal(key: Buffer, plaintext: Buffer, aad: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

function open(key: Buffer, sealed: string, aad: Buffer): Buffer {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptionError('The encrypted value is truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(aad);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SecretDecryptionError('The encrypted value failed authentication (tampered, or sealed for another context)');
  }
}

const aadFor = (context: string, part: 'key' | 'value') => Buffer.from(`${VERSION}|${part}|${context}`, 'utf8');

/** Seals `plaintext` for `context`; the same context must be given to open it. */
export async function encryptSecret(plaintext: string, context: string): Promise<string> {
  const { key, fingerprint } = await loadMasterKey();
  const dataKey = randomBytes(KEY_BYTES);
  try {
    const wrappedKey = seal(key, dataKey, aadFor(context, 'key'));
    const sealedValue = seal(dataKey, Buffer.from(plaintext, 'utf8'), aadFor(context, 'value'));
    return `${VERSION}.${fingerprint}.${wrappedKey}.${sealedValue}`;
  } finally {
    dataKey.fill(0);
  }
}

/** Opens what encryptSecret sealed for the same context. Throws SecretDecryptionError otherwise. */
export async function decryptSecret(envelope: string, context: string): Promise<string> {
  const parts = envelope.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptionError('Not an encrypted value of a known format');
  const [, fingerprint, wrappedKey, sealedValue] = parts as [string, string, string, string];
  const { key, fingerprint: current } = await loadMasterKey();
  if (fingerprint !== current) {
    throw new SecretDecryptionError(`The value was encrypted under master key ${fingerprint}, not the current key ${current}`);
  }
  const dataKey = open(key, wrappedKey, aadFor(context, 'key'));
  try {
    if (dataKey.length !== KEY_BYTES) throw new SecretDecryptionError('The wrapped data key has the wrong length');
    return open(dataKey, sealedValue, aadFor(context, 'value')).toString('utf8');
  } finally {
    dataKey.fill(0);
  }
}
