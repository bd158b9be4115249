/**
 * The invoice and credit-note PDF writer, loaded on first use (a chunk of its own in the Lambda).
 * The Lambda's entry exports it too, so the bundling test (infra/test) can print through the
 * built bundle's own loader.
 */
export const printing = () => import('./pdf.js');
