/**
 * Configuration comes from the environment the deployment (CDK or the local runtime) sets.
 * Read lazily so tests and the local runtime can set variables before first use.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const config = {
  get tableName() { return required('TABLE_NAME'); },
  get uploadsBucket() { return required('UPLOADS_BUCKET'); },
  get exportsBucket() { return required('EXPORTS_BUCKET'); },
  get einvoiceQueueUrl() { return required('EINVOICE_QUEUE_URL'); },
  get forecastQueueUrl() { return required('FORECAST_QUEUE_URL'); },
  get productImportQueueUrl() { return required('PRODUCT_IMPORT_QUEUE_URL'); },
  get posStockQueueUrl() { return required('POS_STOCK_QUEUE_URL'); },
  get posReceiptQueueUrl() { return required('POS_RECEIPT_QUEUE_URL'); },
  get stockRecostQueueUrl() { return required('STOCK_RECOST_QUEUE_URL'); },
  /** Secrets Manager id of the secret whose SecretString signs access tokens. */
  get jwtSecretId() { return required('JWT_SECRET_ID'); },
  get mailFrom() { return process.env.MAIL_FROM ?? 'Daftar <no-reply@daftar.jo>'; },
  /** Public URL of the web app, for links in e-mails. */
  get appUrl() { return (process.env.APP_URL ?? 'http://localhost:3000').replace(/\/$/, ''); },
  get corsOrigins() { return (process.env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean); },
  get logLevel() { return process.env.LOG_LEVEL ?? 'info'; },
};
