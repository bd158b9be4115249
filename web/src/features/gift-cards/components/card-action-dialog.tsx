import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { BaseSyntheticEvent, ComponentProps, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { FormAlert, showFailure } from './form-parts';

interface CardDialogProps {
  title: string;
  description: ReactNode;
  /** 460px for a one- or two-field action; wider for a form laid out in two columns. */
  maxWidth?: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of every gift-card dialog. Each is mounted while open (its form starts fresh each time),
 * so closing it (Escape, the overlay, Cancel) is only the caller's `onClose`.
 */
export function CardDialog({ title, description, maxWidth = '460px', onClose, children }: CardDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth={maxWidth}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {description}
        </Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}

interface CardActionFormProps {
  /** The form's accessible name: the dialog's title. */
  label: string;
  /** The form's `handleSubmit(...)`. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The form whose refusal (the root error set by `showFailure`) is shown above the fields. */
  form: Pick<UseFormReturn<any, any, any>, 'formState'>;
  submitLabel: string;
  submitColor?: ComponentProps<typeof Button>['color'];
  /** The request is on its way: the submit button spins (and a second click does nothing). */
  busy: boolean;
  children: ReactNode;
}

/** A card action's form: what the server refused above the fields, then Cancel and the action's button. */
export function CardActionForm({ label, onSubmit, form, submitLabel, submitColor, busy, children }: CardActionFormProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      <Flex direction="column" gap="4">
        <FormAlert message={form.formState.errors.root?.message} />
        {children}
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              {t('common.cancel')}
            </Button>
          </Dialog.Close>
          <Button type="submit" color={submitColor} loading={busy}>
            {submitLabel}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/** A gift-card dialog that is one form: the frame, and the form named by its title. */
export function CardActionDialog({ title, description, maxWidth, onClose, ...form }: Omit<CardDialogProps, 'children'> & Omit<CardActionFormProps, 'label'>) {
  return (
    <CardDialog title={title} description={description} maxWidth={maxWidth} onClose={onClose}>
      <CardActionForm label={title} {...form} />
    </CardDialog>
  );
}

type FailureOptions = Parameters<typeof showFailure>[2];
type FailingForm<T extends FieldValues> = Pick<UseFormReturn<T, any, any>, 'setError' | 'getValues'>;

/** A mutation's callbacks for a card form: `success` with the answer; a refusal shown on the form (see `showFailure`). */
export function actionOutcome<A, T extends FieldValues>(form: FailingForm<T>, success: (answer: A) => void, options?: FailureOptions) {
  return { onSuccess: success, onError: (error: unknown) => showFailure(form, error, options) };
}

/** The usual outcome of a card action: say what was done (the answer may tell it), then close the dialog. */
export function closeAfter<A, T extends FieldValues>(form: FailingForm<T>, onClose: () => void, message: (answer: A) => string, options?: FailureOptions) {
  return actionOutcome(
    form,
    (answer: A) => {
      notify.success(message(answer));
      onClose();
    },
    options,
  );
}
