/**
 * What a form does with a failed request (SPEC §8), by the answer's status and each issue's `loc`
 * and `type`, never by its English text: a 422's issues go under the fields they name
 * (`applyServerErrors`); what no field of the form shows, and any other failure, is a toast.
 */
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors, issueMessages, type ApplyServerErrorsOptions } from './forms';
import { i18n } from './i18n';
import { notifyError } from './notify';
import { toast } from './toast';

export function reportFormFailure<T extends FieldValues>(
  form: Pick<UseFormReturn<T, any, any>, 'setError' | 'getValues'>,
  error: unknown,
  options: ApplyServerErrorsOptions & {
    /**
     * Where the issues no field shows go: a toast, or the form's own alert (`root.server`, read with
     * `formAlert(form)`), for forms that have one.
     */
    unplaced?: 'toast' | 'form';
  } = {},
): void {
  const { unplaced: showUnplaced = 'toast', ...placing } = options;
  const unplaced = applyServerErrors(form, error, placing);
  if (unplaced === null) {
    notifyError(error);
    return;
  }
  if (unplaced.length === 0) return;
  const description = issueMessages(unplaced).join(' ');
  if (showUnplaced === 'form') form.setError('root.server' as never, { type: 'server', message: description });
  else toast.error({ title: i18n.t('toast.validationError'), description });
}

/** The form's own alert: what a 422 said that no field shows (cleared by the next submit). */
export function formAlert(form: Pick<UseFormReturn<any, any, any>, 'formState'>): string | undefined {
  return form.formState.errors.root?.server?.message;
}
