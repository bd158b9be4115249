import { i18n } from '../../../lib/i18n';
import { pendingSalesCount } from './pending-count';

/**
 * Signing out does not delete unsynced sales (they stay in this browser and are sent after the next
 * sign-in), but the cashier should know they are there: asks before signing out when some are.
 * Answers whether to go on. Small on purpose: the shell's user menu imports it.
 */
export function confirmSignOutWithPendingSales(confirm: (message: string) => boolean = (m) => window.confirm(m)): boolean {
  const count = pendingSalesCount();
  if (count <= 0) return true;
  return confirm(i18n.t('pos.signOut.pending', { count }));
}
