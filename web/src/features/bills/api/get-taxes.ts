/** The organization's taxes for this feature's pickers: one read shared by every editor (lib/tax-options.ts). */
export { taxesQueryOptions, useTaxes, type Tax } from '../../../lib/tax-options';
