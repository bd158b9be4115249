import { randomBytes, randomUUID } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, EncryptionKeyError, SecretDecryptionError, useMasterKeyProvider } from './crypto.js';

const CONTEXT = 'einvoicing:org-1:secret_key';

/** Flips one base64url character of the envelope's `part` (2 = wrapped key, 3 = sealed value). */
function tamper(envelope: string, part: 2 | 3): string {
  const parts = envelope.split('.');
  const text = parts[part]!;
  const at = Math.floor(text.length / 2);
  parts[part] = `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
  return parts.join('.');
}

afterEach(() => useMasterKeyProvider(null));

describe('secret encryption (AES-256-GCM envelope)', () => {
  it('round-trips a value, with a fresh data key and IV each time, and never shows the plaintext', async () => {
    // prepare
    const key = randomBytes(32);
    useMasterKeyProvider(async () => key);
    const secret = 'Sk-جوفوتارا-0123456789/+=';
    // act
    const first = await encryptSecret(secret, CONTEXT);
    const second = await encryptSecret(secret, CONTEXT);
    // assess
    expect(first).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+$/);
    expect(first).not.toBe(second);
    for (const envelope of [first, second]) {
      expect(envelope).not.toContain(secret);
      expect(envelope).not.toContain(Buffer.from(secret).toString('base64'));
      expect(await decryptSecret(envelope, CONTEXT)).toBe(secret);
    }
  });

  it('refuses a tampered value, a tampered data key, a truncated or malformed envelope', async () => {
    useMasterKeyProvider(async () => randomBytes(32));
    const envelope = await encryptSecret('client-secret', CONTEXT);
    const [version, fingerprint, wrapped] = envelope.split('.');

    await expect(decryptSecret(tamper(envelope, 3), CONTEXT)).rejects.toBeInstanceOf(SecretDecryptionError);
    await expect(decryptSecret(tamper(envelope, 2), CONTEXT)).rejects.toBeInstanceOf(SecretDecryptionError);
    await expect(decryptSecret(`${version}.${fingerprint}.${wrapped}.AAAA`, CONTEXT)).rejects.toThrow(/truncated/);
    await expect(decryptSecret('plain-text-secret', CONTEXT)).rejects.toBeInstanceOf(SecretDecryptionError);
    await expect(decryptSecret(`v2.${envelope.slice(3)}`, CONTEXT)).rejects.toBeInstanceOf(SecretDecryptionError);
  });

  it('binds a value to its context: sealed for one organization or field, it does not open for another', async () => {
    useMasterKeyProvider(async () => randomBytes(32));
    const envelope = await encryptSecret('client-secret', 'einvoicing:org-1:secret_key');

    await expect(decryptSecret(envelope, 'einvoicing:org-2:secret_key')).rejects.toThrow(/authentication/);
    await expect(decryptSecret(envelope, 'einvoicing:org-1:client_id')).rejects.toBeInstanceOf(SecretDecryptionError);
  });

  it('says so when the value was sealed under another master key', async () => {
    useMasterKeyProvider(async () => randomBytes(32));
    const envelope = await encryptSecret('client-secret', CONTEXT);
    useMasterKeyProvider(async () => randomBytes(32));

    await expect(decryptSecret(envelope, CONTEXT)).rejects.toThrow(/encrypted under master key [0-9a-f]{8}, not the current key/);
  });

  it('reads the master key from the Secrets Manager secret named by EINVOICING_KEY_SECRET_ID', async () => {
    // prepare: a mocked Secrets Manager (the emulator only knows the secrets it started with)
    const key = randomBytes(32);
    const secretId = `test/einvoicing-key-${randomUUID()}`;
    const secretsManager = mockClient(SecretsManagerClient);
    secretsManager.on(GetSecretValueCommand, { SecretId: secretId }).resolves({ SecretString: key.toString('base64') });
    const previous = process.env.EINVOICING_KEY_SECRET_ID;
    process.env.EINVOICING_KEY_SECRET_ID = secretId;
    try {
      useMasterKeyProvider(async () => key);
      const sealedWithInjectedKey = await encryptSecret('client-secret', CONTEXT);
      // act
      useMasterKeyProvider(null);
      const sealed = await encryptSecret('another-secret', CONTEXT);
      // assess
      expect(await decryptSecret(sealed, CONTEXT)).toBe('another-secret');
      expect(await decryptSecret(sealedWithInjectedKey, CONTEXT)).toBe('client-secret');
      expect(secretsManager.commandCalls(GetSecretValueCommand, { SecretId: secretId })).toHaveLength(1);
    } finally {
      secretsManager.restore();
      process.env.EINVOICING_KEY_SECRET_ID = previous;
      if (previous === undefined) delete process.env.EINVOICING_KEY_SECRET_ID;
    }
  });

  it('also takes a long random password as the secret (what CDK generates), stretched with HKDF', async () => {
    const secretId = `test/password-key-${randomUUID()}`;
    const password = randomBytes(48).toString('hex').slice(0, 64);
    const secretsManager = mockClient(SecretsManagerClient);
    secretsManager.on(GetSecretValueCommand, { SecretId: secretId }).resolves({ SecretString: password });
    const previous = process.env.EINVOICING_KEY_SECRET_ID;
    process.env.EINVOICING_KEY_SECRET_ID = secretId;
    try {
      const sealed = await encryptSecret('client-secret', CONTEXT);
      expect(sealed).not.toContain(password);
      expect(await decryptSecret(sealed, CONTEXT)).toBe('client-secret');
    } finally {
      secretsManager.restore();
      process.env.EINVOICING_KEY_SECRET_ID = previous;
      if (previous === undefined) delete process.env.EINVOICING_KEY_SECRET_ID;
    }
  });

  it('fails clearly when the key is not configured or is too short', async () => {
    const secretId = `test/short-key-${randomUUID()}`;
    const secretsManager = mockClient(SecretsManagerClient);
    secretsManager.on(GetSecretValueCommand, { SecretId: secretId }).resolves({ SecretString: randomBytes(16).toString('base64') });
    const previous = process.env.EINVOICING_KEY_SECRET_ID;
    try {
      delete process.env.EINVOICING_KEY_SECRET_ID;
      await expect(encryptSecret('x', CONTEXT)).rejects.toThrow(/EINVOICING_KEY_SECRET_ID/);
      process.env.EINVOICING_KEY_SECRET_ID = secretId;
      await expect(encryptSecret('x', CONTEXT)).rejects.toBeInstanceOf(EncryptionKeyError);
      useMasterKeyProvider(async () => randomBytes(31));
      await expect(encryptSecret('x', CONTEXT)).rejects.toBeInstanceOf(EncryptionKeyError);
    } finally {
      secretsManager.restore();
      process.env.EINVOICING_KEY_SECRET_ID = previous;
      if (previous === undefined) delete process.env.EINVOICING_KEY_SECRET_ID;
    }
  });
});
