/**
 * Stands in for `brotli/decompress.js` in the Lambda bundles (an esbuild alias set in
 * infra/lib/lambda-bundle.ts). fontkit imports brotli only to read WOFF2 fonts, and brotli
 * brings a 454 KiB dictionary that would be most of a PDF route's bundle; Daftar embeds TTF fonts
 * (documents/pdf/fonts.ts), so a WOFF2 font reaching fontkit would be a programming error.
 */
export default function decompress(): never {
  throw new Error('WOFF2 fonts are not supported in the Lambda bundles: embed the TTF (see documents/pdf/fonts.ts)');
}
