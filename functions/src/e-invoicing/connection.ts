/**
 * `POST …/e-invoicing/test-connection`: what can be checked without the portal recording anything.
 *
 * JoFotara has one endpoint, `POST /core/invoices/`, which records every invoice it accepts, and
 * no status, lookup or credential-check call (JORDAN.md §1.2: "I found no batch, status, lookup or
 * cancel endpoint in any source"; §5: no sandbox). Posting a test invoice would put a real
 * document on the taxpayer's record, and what the portal does with a deliberately empty or broken
 * body (whether it checks the credentials before the body) is not documented. So this check:
 *
 * 1. validates the stored settings locally (TIN, name, income-source sequence, track);
 * 2. checks both credentials are stored and decrypt under the current key;
 * 3. checks the portal URL is well-formed (https, unless it is a local simulator);
 * 4. sends one OPTIONS request to the endpoint, with no body and no credentials, and counts any
 *    HTTP answer as "reachable" (the network path, DNS and TLS work).
 *
 * The answer says that the credentials themselves were not verified; the first submission does
 * that (a 403 means they are wrong).
 */
import { incomeSourceSequence, sellerTin, type EinvoicingConnectionTest } from '@daftar/shared/schemas/einvoicing';
import type { z } from 'zod';
import type { einvoicingConnectionCheck } from '@daftar/shared/schemas/einvoicing';
import { decryptSecret, SecretDecryptionError } from '../platform/crypto.js';
import { logger } from '../platform/logger.js';
import { credentialContext, configuredPortalUrl, getSettingsItem } from './settings.js';

type Check = z.infer<typeof einvoicingConnectionCheck>;

export const REACHABILITY_TIMEOUT_MS = 5_000;

const NOT_VERIFIED =
  'The Client-Id and Secret-Key themselves were not verified: JoFotara offers no way to check them without submitting an invoice, which it would record. The first submission confirms them (the portal answers 403 when they are wrong).';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function checkPortalUrl(portalUrl: string): { check: Check; url: URL | null } {
  let url: URL;
  try {
    url = new URL(portalUrl);
  } catch {
    return { check: { name: 'portal_url', status: 'fail', detail: `"${portalUrl}" is not a URL (JOFOTARA_BASE_URL)` }, url: null };
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) {
    return { check: { name: 'portal_url', status: 'pass', detail: `Submissions go to ${url.toString()}` }, url };
  }
  return {
    check: { name: 'portal_url', status: 'fail', detail: `${url.toString()} must use https (plain http only for a simulator on this machine)` },
    url: null,
  };
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** One OPTIONS request without credentials or body; any HTTP status means the endpoint answers. */
async function probe(url: URL, timeoutMs: number): Promise<Check> {
  const started = Date.now();
  try {
    const response = await fetch(url, { method: 'OPTIONS', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer().catch(() => undefined);
    return {
      name: 'portal_reachable',
      status: 'pass',
      detail: `OPTIONS ${url.toString()} answered HTTP ${response.status} in ${Date.now() - started} ms (no invoice and no credentials were sent)`,
    };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      name: 'portal_reachable',
      status: 'fail',
      detail: timedOut
        ? `OPTIONS ${url.toString()} got no answer within ${timeoutMs} ms`
        : `Could not connect to ${url.host}: ${networkCause(error)}`,
    };
  }
}

export async function testConnection(organizationId: string, options: { timeoutMs?: number } = {}): Promise<EinvoicingConnectionTest> {
  const item = await getSettingsItem(organizationId);
  const checks: Check[] = [];

  const tin = item?.seller_tin;
  checks.push(
    !tin
      ? { name: 'seller_tin', status: 'fail', detail: 'Seller TIN is not set' }
      : sellerTin.safeParse(tin).success
        ? { name: 'seller_tin', status: 'pass', detail: `${tin}: digits only, ${tin.length} digits` }
        : { name: 'seller_tin', status: 'fail', detail: `${tin} is not 7 to 15 digits` },
  );
  const name = item?.registered_name_ar || item?.registered_name_en;
  checks.push(
    name
      ? { name: 'registered_name', status: 'pass', detail: `Invoices will carry "${name}" as the registered name` }
      : { name: 'registered_name', status: 'fail', detail: 'The name registered with ISTD (Arabic or English) is not set' },
  );
  const sequence = item?.income_source_sequence;
  checks.push(
    !sequence
      ? { name: 'income_source_sequence', status: 'fail', detail: 'Income source sequence is not set' }
      : incomeSourceSequence.safeParse(sequence).success
        ? { name: 'income_source_sequence', status: 'pass', detail: `${sequence}: digits only` }
        : { name: 'income_source_sequence', status: 'fail', detail: `${sequence} is not digits only` },
  );
  checks.push(
    item?.taxpayer_track
      ? { name: 'taxpayer_track', status: 'pass', detail: `Track ${item.taxpayer_track}; it must match the registration with ISTD, or the portal refuses the invoices` }
      : { name: 'taxpayer_track', status: 'fail', detail: 'Taxpayer track (income, general_sales or special_sales) is not set' },
  );

  const missingCredentials = [
    ...(item?.client_id_encrypted ? [] : ['Client-Id']),
    ...(item?.secret_key_encrypted ? [] : ['Secret-Key']),
  ];
  checks.push(
    missingCredentials.length
      ? { name: 'credentials_present', status: 'fail', detail: `${missingCredentials.join(' and ')} not set` }
      : { name: 'credentials_present', status: 'pass', detail: 'Client-Id and Secret-Key are stored (encrypted)' },
  );
  if (missingCredentials.length || !item) {
    checks.push({ name: 'credentials_readable', status: 'skipped', detail: 'No stored credentials to read' });
  } else {
    try {
      await Promise.all([
        decryptSecret(item.client_id_encrypted!, credentialContext(organizationId, 'client_id')),
        decryptSecret(item.secret_key_encrypted!, credentialContext(organizationId, 'secret_key')),
      ]);
      checks.push({ name: 'credentials_readable', status: 'pass', detail: 'Both decrypt with the current encryption key' });
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) logger.error('e-invoicing credentials could not be decrypted', { organization_id: organizationId, error: String(error) });
      checks.push({
        name: 'credentials_readable',
        status: 'fail',
        detail: error instanceof SecretDecryptionError ? 'The stored credentials cannot be decrypted; enter them again' : 'The encryption key is not available (server configuration)',
      });
    }
  }

  const portalUrl = configuredPortalUrl();
  const { check: urlCheck, url } = checkPortalUrl(portalUrl);
  checks.push(urlCheck);
  checks.push(url ? await probe(url, options.timeoutMs ?? REACHABILITY_TIMEOUT_MS) : { name: 'portal_reachable', status: 'skipped', detail: 'No usable portal URL' });

  const failed = checks.filter((check) => check.status === 'fail');
  const ok = failed.length === 0;
  return {
    ok,
    credentials_verified: false,
    portal_url: portalUrl,
    checks,
    message: ok
      ? `Settings are complete and the portal answers. ${NOT_VERIFIED}`
      : `${failed.length} check${failed.length === 1 ? '' : 's'} failed (${failed.map((check) => check.name).join(', ')}). ${NOT_VERIFIED}`,
    checked_at: new Date().toISOString(),
  };
}
