import { ApiError } from './api-client';
import { i18n } from './i18n';
import { toast } from './toast';

/** Toasts with the fixed titles of SPEC §8: Success!, Something went wrong!, Warning, Information. */
export const notify = {
  success: (description: string) => toast.success({ title: i18n.t('toast.success'), description }),
  error: (description: string) => toast.error({ title: i18n.t('toast.error'), description }),
  warning: (description: string) => toast.warning({ title: i18n.t('toast.warning'), description }),
  info: (description: string) => toast.info({ title: i18n.t('toast.info'), description }),
  /** Closes every toast on screen: earlier messages that no longer hold go. */
  dismissAll: () => toast.dismissAll(),
};

/** The text a failed call shows: the server's detail, or the generic "Something went wrong". */
export function errorMessage(error: unknown): string {
  return (error instanceof ApiError ? error.detail : null) ?? i18n.t('errors.generic');
}

/**
 * The shared failure handler (SPEC §8): an error toast with the server's detail; invalid input
 * (422) is titled Validation Error.
 */
export function notifyError(error: unknown) {
  const title = error instanceof ApiError && error.status === 422 ? i18n.t('toast.validationError') : i18n.t('toast.error');
  return toast.error({ title, description: errorMessage(error) });
}
