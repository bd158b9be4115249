/**
 * The `einvoice` queue's consumer (routes.ts `consumers`): sends each queued submission to
 * JoFotara and records what the portal said. Lambda event-source semantics: the handler answers
 * `batchItemFailures` with the messages to deliver again; the others are deleted.
 *
 * Per message {organization_id, document_type, document_id, queue_id}:
 * - a message that does not parse, or whose submission does not exist, is poison: it is reported
 *   as failed on every delivery and reaches the dead-letter queue after maxReceiveCount;
 * - a stale message (another submit since: other queue_id) or one whose submission is already
 *   settled is deleted without a call: duplicate deliveries send nothing twice;
 * - credentials are decrypted, the attempt is recorded (submitting, attempts + 1), the stored
 *   builder input is built into the same XML as at submit time, and posted to the configured
 *   portal (JOFOTARA_BASE_URL);
 * - SUBMITTED and ALREADY_SUBMITTED → submitted (QR, EINV_INV_UUID, EINV_NUM, signed XML, reply);
 *   NOT_SUBMITTED / a 400 → rejected with the portal's ERRORS and WARNINGS, deleted;
 *   403 (or 401) → credentials_invalid, deleted: no retry storm against a portal that refuses the
 *   device; 5xx, timeouts, network errors, 429 → back to queued and delivered again later, the
 *   visibility timeout growing with the attempts (retryDelaySeconds), same UUID and XML; on the
 *   last delivery the queue allows, failed instead.
 * - a storage failure after the portal's answer throws for that message: it comes back, and the
 *   portal answers ALREADY_SUBMITTED for an invoice it recorded.
 *
 * Dead letters: dead-letters.ts marks what reaches the dead-letter queue as failed (for messages
 * whose last delivery crashed before it could record anything).
 */
import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { jofotara } from '@daftar/shared';
import { einvoiceSubmissionMessage, type EinvoiceSubmissionMessage } from '@daftar/shared/schemas/einvoiceSubmission';
import type { EinvoiceSubmissionItem } from '../db/einvoiceSubmission.js';
import { DEFAULT_PORTAL_TIMEOUT_MS, submitToPortal, type PortalResult, type SubmitToPortalInput } from '../jofotara/client.js';
import { config } from '../platform/config.js';
import { SecretDecryptionError } from '../platform/crypto.js';
import { logger, setCorrelationId } from '../platform/logger.js';
import { queues } from '../platform/resources.js';
import { EinvoicingNotConfigured, loadSubmissionSettings, type SubmissionSettings } from './settings.js';
import { beginAttempt, getSubmission, markFailed, recordOutcome, type AttemptOutcome } from './submission.js';

/** Redelivery delay after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min … at most 15 min. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 900);
}

/** Time kept back from the Lambda's remaining time for recording the outcome. */
const RECORDING_MARGIN_MS = 3_000;
const MIN_PORTAL_TIMEOUT_MS = 1_000;

export interface EinvoiceConsumerDependencies {
  submit: (input: SubmitToPortalInput) => Promise<PortalResult>;
  loadSettings: (organizationId: string) => Promise<SubmissionSettings>;
  getSubmission: typeof getSubmission;
  beginAttempt: typeof beginAttempt;
  recordOutcome: typeof recordOutcome;
  markFailed: typeof markFailed;
  /** Makes the message come back in `seconds` (ChangeMessageVisibility); best effort. */
  delayRedelivery: (record: SQSRecord, seconds: number) => Promise<void>;
  /** The queue's redrive limit: the delivery with this receive count is the last one. */
  maxReceiveCount: number;
}

let sqsClient: SQSClient | undefined;

async function changeVisibility(record: SQSRecord, seconds: number): Promise<void> {
  sqsClient ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  await sqsClient.send(new ChangeMessageVisibilityCommand({ QueueUrl: config.einvoiceQueueUrl, ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds }));
}

const defaults: EinvoiceConsumerDependencies = {
  submit: submitToPortal,
  loadSettings: loadSubmissionSettings,
  getSubmission,
  beginAttempt,
  recordOutcome,
  markFailed,
  delayRedelivery: changeVisibility,
  maxReceiveCount: queues.einvoice.maxReceiveCount,
};

type Settled = 'done' | 'again';

function parseMessage(body: string): EinvoiceSubmissionMessage | null {
  try {
    const parsed = einvoiceSubmissionMessage.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A short account of a reply for last_error; never the request, so never the credentials. */
function excerpt(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return 'no body';
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function outcomeOf(result: PortalResult, lastDelivery: boolean): AttemptOutcome {
  switch (result.kind) {
    case 'submitted':
    case 'already_submitted':
      return { kind: 'submitted', result };
    case 'rejected':
      return { kind: 'rejected', errors: result.errors, warnings: result.warnings, raw: result.raw };
    case 'auth_failed':
      return {
        kind: 'credentials_invalid',
        message: `JoFotara refused the Client-Id and Secret-Key (HTTP ${result.status}); enter the device's credentials again in the e-invoicing settings, then submit again`,
        raw: result.raw,
      };
    case 'bad_request':
      return {
        kind: 'rejected',
        errors: [{ code: `HTTP_${result.status}`, category: 'request', message: `JoFotara refused the request (HTTP ${result.status}): ${excerpt(result.raw)}` }],
        warnings: [],
        raw: result.raw,
      };
    case 'retryable': {
      const what = `JoFotara did not answer usably (${result.reason}${result.status ? `, HTTP ${result.status}` : ''})`;
      return lastDelivery
        ? { kind: 'failed', message: `${what}; gave up after the last retry. Submit again once the portal is back.` }
        : { kind: 'retry', message: `${what}; retrying`, raw: result.raw };
    }
  }
}

/** What a settings problem means for a queued submission. */
function settingsOutcome(error: unknown): AttemptOutcome | null {
  if (error instanceof EinvoicingNotConfigured) {
    const credentials = error.missing.filter((field) => field === 'client_id' || field === 'secret_key');
    return credentials.length
      ? { kind: 'credentials_invalid', message: `The e-invoicing settings have no ${credentials.join(' or ')} any more; enter them and submit again` }
      : { kind: 'failed', message: `The e-invoicing settings are incomplete (missing ${error.missing.join(', ')}); complete them and submit again` };
  }
  if (error instanceof SecretDecryptionError) {
    return { kind: 'credentials_invalid', message: 'The stored JoFotara credentials cannot be opened; enter them again in the e-invoicing settings and submit again' };
  }
  return null;
}

function portalTimeout(context: Context | undefined): number {
  const remaining = context?.getRemainingTimeInMillis?.();
  if (remaining === undefined) return DEFAULT_PORTAL_TIMEOUT_MS;
  return Math.max(MIN_PORTAL_TIMEOUT_MS, Math.min(DEFAULT_PORTAL_TIMEOUT_MS, remaining - RECORDING_MARGIN_MS));
}

export function createEinvoiceConsumer(overrides: Partial<EinvoiceConsumerDependencies> = {}) {
  const deps: EinvoiceConsumerDependencies = { ...defaults, ...overrides };

  async function settle(item: EinvoiceSubmissionItem, outcome: AttemptOutcome): Promise<EinvoiceSubmissionItem> {
    const after = await deps.recordOutcome(item, outcome);
    logger.info('einvoice: attempt recorded', {
      organization_id: item.organization_id,
      document_type: item.document_type,
      document_id: item.document_id,
      state: after.state,
      attempts: after.attempts,
    });
    return after;
  }

  async function process(record: SQSRecord, context: Context | undefined): Promise<Settled> {
    const message = parseMessage(record.body);
    if (!message) {
      logger.error('einvoice: poison message (not a submission message)', { message_id: record.messageId });
      return 'again';
    }
    const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1') || 1;
    const lastDelivery = receiveCount >= deps.maxReceiveCount;
    const where = { organization_id: message.organization_id, document_type: message.document_type, document_id: message.document_id, receive_count: receiveCount };

    const item = await deps.getSubmission(message.organization_id, message.document_type, message.document_id);
    if (!item) {
      logger.error('einvoice: poison message (no such submission)', where);
      return 'again';
    }
    if (item.queue_id !== message.queue_id || (item.state !== 'queued' && item.state !== 'submitting')) {
      logger.info('einvoice: nothing to do for this message (settled or superseded)', { ...where, state: item.state });
      return 'done';
    }

    let settings: SubmissionSettings;
    try {
      settings = await deps.loadSettings(message.organization_id);
    } catch (error) {
      const outcome = settingsOutcome(error);
      if (!outcome) throw error;
      await settle(item, outcome);
      return 'done';
    }

    const started = await deps.beginAttempt(item);
    if (!started) {
      // Another delivery of the same submission is at work; look again later.
      logger.info('einvoice: submission busy, trying later', where);
      return 'again';
    }

    let xml: string;
    try {
      xml = jofotara.buildInvoiceXml(started.document as jofotara.JoFotaraDocument);
    } catch (error) {
      await settle(started, { kind: 'failed', message: `The stored document no longer builds: ${error instanceof Error ? error.message : String(error)}` });
      return 'again';
    }

    const result = await deps.submit({
      baseUrl: settings.portal_base_url,
      clientId: settings.credentials.clientId,
      secretKey: settings.credentials.secretKey,
      xml,
      timeoutMs: portalTimeout(context),
    });
    const outcome = outcomeOf(result, lastDelivery);
    const after = await settle(started, outcome);
    if (outcome.kind === 'retry') {
      await deps.delayRedelivery(record, retryDelaySeconds(after.attempts)).catch((error: unknown) => {
        logger.warn('einvoice: could not delay the redelivery', { ...where, error: error instanceof Error ? error.message : String(error) });
      });
      return 'again';
    }
    // A submission the queue gave up on still travels on to the dead-letter queue, where it shows.
    return outcome.kind === 'failed' ? 'again' : 'done';
  }

  return async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
    if (context?.awsRequestId) setCorrelationId(context.awsRequestId);
    const records = event.Records ?? [];
    const settled = await Promise.allSettled(records.map((record) => process(record, context)));
    const batchItemFailures = records.flatMap((record, index) => {
      const outcome = settled[index]!;
      if (outcome.status === 'fulfilled') return outcome.value === 'done' ? [] : [{ itemIdentifier: record.messageId }];
      logger.error('einvoice: message failed, it will be delivered again', {
        message_id: record.messageId,
        error: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason),
      });
      return [{ itemIdentifier: record.messageId }];
    });
    return { batchItemFailures };
  };
}

export const handler = createEinvoiceConsumer();
