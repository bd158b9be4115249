import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config.js';

const client = new SecretsManagerClient({});
const cache = new Map<string, Promise<string>>();

/** A secret's string, fetched once per container. */
export function getSecret(secretId: string): Promise<string> {
  let value = cache.get(secretId);
  if (!value) {
    value = client.send(new GetSecretValueCommand({ SecretId: secretId })).then((r) => {
      if (!r.SecretString) throw new Error(`Secret ${secretId} has no string value`);
      return r.SecretString;
    });
    value.catch(() => cache.delete(secretId));
    cache.set(secretId, value);
  }
  return value;
}

export const jwtSecret = () => getSecret(config.jwtSecretId);
