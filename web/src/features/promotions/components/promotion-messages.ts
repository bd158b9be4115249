import { useTranslation } from 'react-i18next';
import { isOwnIssue } from '../../../lib/form-schema';
import type { ServerIssue } from '../../../lib/forms';

/**
 * The promotion forms' messages in the reader's language: the shared schema's own sentences
 * (promotions.ts) are known by their text; a field with one meaning gets its own message.
 */
export function usePromotionMessages() {
  const { t } = useTranslation();
  const byMessage = (message: string): string | undefined => {
    if (message === 'A percentage such as 10 or 12.5') return t('promotions.errors.percentFormat');
    if (message === 'A percentage is more than 0 and at most 100') return t('promotions.errors.percentRange');
    if (message === 'A time such as 09:00 or 22:30') return t('promotions.errors.time');
    if (message.startsWith('A date and time with its offset')) return t('promotions.errors.dateTime');
    if (message === 'The end comes after the start') return t('promotions.errors.endAfterStart');
    if (message === 'Give both ends of the hours, or neither') return t('promotions.errors.hoursBothEnds');
    if (message === 'A tiered reward has at least one tier') return t('promotions.errors.tiersRequired');
    if (message.startsWith('Give the cart')) return t('promotions.errors.cartRequired');
    if (message === 'A promotion has at most 20 rules') return t('promotions.errors.tooManyRules');
    return undefined;
  };
  const byPath = (path: string, code?: string): string | undefined => {
    if (path === 'reward.product_id' && (code === 'too_small' || code === 'invalid_type')) return t('promotions.errors.chooseFreeProduct');
    return undefined;
  };
  const client = ({ path, message, code }: { path: string; message: string; code?: string }): string | undefined => byMessage(message) ?? byPath(path, code);
  const server = ({ path, msg, type }: ServerIssue): string | undefined => byMessage(msg) ?? byPath(path, type);
  /**
   * `useZodForm`'s `messages`: the form's own checks are already in the reader's language and are
   * kept as written (left to the generic translation, an Arabic reader would get "not valid"); the
   * shared schema's go through `client`.
   */
  const form = (issue: { path: string; message: string; code?: string }): string | undefined => (isOwnIssue(issue) ? issue.message : client(issue));
  return { client, server, form, byMessage };
}
