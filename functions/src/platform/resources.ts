/**
 * Buckets and queues, by logical name, with the environment variable that carries each one's
 * physical name/URL into the functions. CDK (infra/lib) and the local runtime (infra/local)
 * both create them from this list.
 */
export const buckets = {
  uploads: { env: 'UPLOADS_BUCKET', localName: 'daftar-uploads', expireDays: null },
  /** Generated reports and exports: downloaded through presigned URLs, then expired. */
  exports: { env: 'EXPORTS_BUCKET', localName: 'daftar-exports', expireDays: 7 },
} as const;

export const queues = {
  // 360 s: the consumer gets a sixth (60 s), room for the portal's own 30 s timeout.
  einvoice: { env: 'EINVOICE_QUEUE_URL', localName: 'daftar-einvoice-submissions', visibilityTimeoutSeconds: 360, maxReceiveCount: 5 },
  // 900 s: the consumer gets 150 s per delivery and hands a long import on to the next one.
  productImport: { env: 'PRODUCT_IMPORT_QUEUE_URL', localName: 'daftar-product-imports', visibilityTimeoutSeconds: 900, maxReceiveCount: 3 },
  // The till's exact stock cost (pos/settlement.ts): short work, retried soon.
  posStock: { env: 'POS_STOCK_QUEUE_URL', localName: 'daftar-pos-stock', visibilityTimeoutSeconds: 60, maxReceiveCount: 10 },
  // Receipts by e-mail (pos/receipts.ts): SES, or the local outbox.
  posReceipt: { env: 'POS_RECEIPT_QUEUE_URL', localName: 'daftar-pos-receipts', visibilityTimeoutSeconds: 120, maxReceiveCount: 5 },
  // Re-costing a level after a back-dated movement (inventory/recost.ts): reads the product's
  // movements at the location and posts once; retried, and safe to run twice.
  stockRecost: { env: 'STOCK_RECOST_QUEUE_URL', localName: 'daftar-stock-recost', visibilityTimeoutSeconds: 120, maxReceiveCount: 5 },
  // A forecast reads two years of day figures and the open documents: 60 s per delivery.
  forecast: { env: 'FORECAST_QUEUE_URL', localName: 'daftar-forecasts', visibilityTimeoutSeconds: 360, maxReceiveCount: 3 },
} as const;

export type BucketName = keyof typeof buckets;
export type QueueName = keyof typeof queues;
export const deadLetterName = (queueName: string) => `${queueName}-dlq`;
