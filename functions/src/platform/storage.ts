import { S3Client } from '@aws-sdk/client-s3';

/**
 * Checksums only when the operation requires them: S3-compatible stores (and streamed uploads)
 * otherwise see aws-chunked bodies. Path-style addressing is configuration (S3_FORCE_PATH_STYLE).
 */
export const s3 = new S3Client({
  forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
