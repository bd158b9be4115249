/**
 * `Idempotency-Key` (ARCHITECTURE §4): actions that post to the ledger or move money (confirm,
 * post, approve, void, record a payment) carry one key per intent of the person — one opening of
 * the dialog that asks for it — so a double click, or a retry after an answer that never came,
 * is done once. A retry from the same dialog reuses the key; the next opening gets a new one.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const newIdempotencyKey = (): string => crypto.randomUUID();

/** The request headers for a key; none without one (a caller outside the screens). */
export const idempotencyHeaders = (key: string | undefined): Record<string, string> | undefined => (key ? { [IDEMPOTENCY_HEADER]: key } : undefined);
