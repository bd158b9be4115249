import { useTranslation } from 'react-i18next';
import { minorUnitsOf } from '@daftar/shared/money';
import { lineProblems, type EntryLine, type LineProblem } from './entry-lines';

/**
 * The ledger's and the schema's issues in the reader's language, by what they mean (where they are
 * and their type); anything unknown is shown as the server wrote it.
 */
export function useEntryMessages(currency: string) {
  const { t } = useTranslation();
  const problem = (p: LineProblem) => {
    switch (p) {
      case 'account':
        return t('journal.errors.account');
      case 'debitFormat':
        return t('journal.errors.debitFormat');
      case 'creditFormat':
        return t('journal.errors.creditFormat');
      case 'decimals':
        return t('journal.errors.decimals', { currency, digits: minorUnitsOf(currency) });
      case 'both':
        return t('journal.errors.both');
      case 'neither':
        return t('journal.errors.neither');
    }
  };
  /**
   * An issue of the shared schema (the form's check) or of a 422 answer, by where it is and its
   * code or `type`, never by its English text; `lines` (the form's) tell which rule a line broke.
   * Undefined keeps the message: translated by its code, or as the server wrote it.
   */
  const message = ({ path, code, type }: { path: string; code?: string; type?: string }, lines?: readonly EntryLine[]): string | undefined => {
    const kind = code ?? type ?? '';
    if (path === 'date') return t('journal.errors.date');
    if (path === 'lines') {
      if (kind === 'too_small') return t('journal.errors.atLeastTwo');
      if (kind === 'unbalanced') return t('journal.errors.unbalancedServer');
      return undefined;
    }
    const match = /^lines\.(\d+)(?:\.(\w+))?$/.exec(path);
    if (!match) return undefined;
    const line = lines?.[Number(match[1])];
    const problems = line ? lineProblems(line, currency) : [];
    switch (match[2]) {
      case 'account_id':
        if (kind === 'not_found') return t('journal.errors.accountMissing');
        if (kind === 'inactive') return t('journal.errors.accountInactive');
        return problem('account');
      case 'debit':
      case 'credit':
        return problem(problems.includes('decimals') ? 'decimals' : match[2] === 'debit' ? 'debitFormat' : 'creditFormat');
      case undefined:
      case 'amounts': {
        // The line as a whole: a debit or a credit, not both and not neither.
        const broken = problems.find((p) => p === 'both' || p === 'neither');
        return broken ? problem(broken) : undefined;
      }
      default:
        return undefined;
    }
  };
  return { problem, message };
}
