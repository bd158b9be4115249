import { i18n } from '../../../lib/i18n';
import { translateIssue, type ServerIssue } from '../../../lib/form-errors';

/**
 * The budget forms' messages, by where an issue is and its code (zod's, or a 422's `type`), never
 * by its English text: the fiscal year and the amounts have one meaning each; anything else
 * (undefined) keeps its message, translated by its code, or as the server wrote it.
 */
export function budgetIssueMessage({ path, code, type }: { path: string; code?: string; type?: string }): string | undefined {
  const kind = code ?? type ?? '';
  if (path === 'fiscal_year') return i18n.t('budgets.errors.fiscalYear');
  const amount = path === 'annual_amount' || /^amounts\.\d+$/.test(path);
  if (amount && ['invalid_format', 'invalid_union', 'too_small', 'too_big', 'invalid_type'].includes(kind)) return i18n.t('budgets.errors.amount');
  return undefined;
}

/** A 422 answer's first issue in the reader's language; null when the answer is not a 422 with issues. */
export function budgetServerMessage(issues: readonly ServerIssue[] | null): string | null {
  const first = issues?.[0];
  if (!first) return null;
  return budgetIssueMessage(first) ?? translateIssue({ code: first.type, message: first.msg });
}
