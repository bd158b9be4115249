import { useTranslation } from 'react-i18next';
import { translateIssue, type IssueLike } from '../../../lib/form-errors';

/** What the form knows about the parent it sent: enough to tell which parent rule the server applied. */
export interface ParentContext {
  /** The chosen parent, as the chart the form shows has it; undefined when it is not there. */
  parent?: { type: string };
  type: string;
}

/**
 * A message by the field an issue names and its code (zod's, or a 422 entry's `type`), never by
 * its English text. The server's parent rules (functions/src/accounts: the parent must exist, have
 * the account's type and not be one of its sub-accounts) are told apart by the parent the form sent.
 */
export function useAccountMessages() {
  const { t } = useTranslation();
  return (issue: IssueLike & { path: string }, context?: ParentContext): string => {
    switch (issue.path) {
      case 'code':
        return issue.code === 'invalid_format' ? t('accounts.errors.code') : translateIssue(issue);
      case 'subtype':
        return issue.code === 'custom' || issue.code === 'value_error' ? t('accounts.errors.subtype') : translateIssue(issue);
      case 'name':
        return issue.code === 'too_big' ? t('accounts.errors.nameTooLong') : translateIssue(issue);
      case 'parent_id':
        if (issue.code !== 'value_error' || !context) return translateIssue(issue);
        if (!context.parent) return t('accounts.errors.parentMissing');
        return context.parent.type !== context.type ? t('accounts.errors.parentType') : t('accounts.errors.parentLoop');
      default:
        return translateIssue(issue);
    }
  };
}
