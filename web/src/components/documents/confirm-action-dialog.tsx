import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { cloneElement, isValidElement, useRef, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../lib/idempotency';

interface ActionDialogProps {
  /** The button that opens the dialog; it shows the request working (and takes no click) meanwhile. */
  trigger: ReactElement<{ loading?: boolean }>;
  title: string;
  description: ReactNode;
  /** The dialog's own confirming button. */
  confirmLabel: string;
  /** Destructive actions are red; others may have a color of their own (closing a period: amber). */
  color?: ComponentProps<typeof Button>['color'];
  /** Default: 440px for a red (destructive) dialog, 460px otherwise. */
  maxWidth?: string;
  /** The request runs (the mutation's `isPending`), started here or elsewhere. */
  pending?: boolean;
  /**
   * Sends the request (`mutation.mutateAsync(…)`) under this opening's Idempotency-Key. Resolved:
   * the dialog closes. Rejected: it stays open (the failure is reported as every failure is), and
   * trying again sends the same key.
   */
  onConfirm: (idempotencyKey: string) => Promise<unknown>;
}

/**
 * An action that asks first. While its request runs, the confirming button shows it is working and
 * takes no second click, and the dialog stays open until the answer: a double click sends once.
 */
export function ActionDialog({ trigger, title, description, confirmLabel, color, maxWidth, pending = false, onConfirm }: ActionDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Set within the click, so the button is disabled before a second click can reach it.
  const [sending, setSending] = useState(false);
  const key = useRef('');
  const busy = sending || pending;

  const onOpenChange = (next: boolean) => {
    if (!next && busy) return;
    if (next) key.current = newIdempotencyKey();
    setOpen(next);
  };

  const confirm = async () => {
    if (busy) return;
    setSending(true);
    try {
      await onConfirm(key.current);
      setOpen(false);
    } catch {
      // Reported by the shared failure handler (or the caller); the dialog stays for a retry.
    } finally {
      setSending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger>{isValidElement(trigger) ? cloneElement(trigger, { loading: busy }) : trigger}</AlertDialog.Trigger>
      <AlertDialog.Content maxWidth={maxWidth ?? (color === 'red' ? '440px' : '460px')}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={busy}>
              {t('common.cancel')}
            </Button>
          </AlertDialog.Cancel>
          <Button color={color} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

type ActionButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'loading'> & {
  /** Sends the request (`mutation.mutateAsync(…)`); a failure is reported as every failure is. */
  onAction: () => Promise<unknown>;
  /** The request runs (the mutation's `isPending`), started here or elsewhere. */
  pending?: boolean;
};

/**
 * A button that sends a request at once (duplicate, submit, download): it shows it is working and
 * takes no second click until the answer — set within the click, before a double click's second.
 */
export function ActionButton({ onAction, pending = false, disabled, ...props }: ActionButtonProps) {
  const [sending, setSending] = useState(false);
  const busy = sending || pending;
  const act = async () => {
    if (busy) return;
    setSending(true);
    try {
      await onAction();
    } catch {
      // Reported by the shared failure handler (or the caller).
    } finally {
      setSending(false);
    }
  };
  return <Button {...props} loading={busy} disabled={disabled || busy} onClick={() => void act()} />;
}

interface ConfirmActionDialogProps {
  /** The button that opens the dialog. */
  label: string;
  title: string;
  description: string;
  /** The dialog's own confirming button. */
  submitLabel: string;
  /** Sends the request under the given Idempotency-Key; see `ActionDialog`. */
  onConfirm: (idempotencyKey: string) => Promise<unknown>;
  pending: boolean;
}

/** A posting action (confirm, post, approve) asks first, without the red of a destructive one. */
export function ConfirmActionDialog({ label, title, description, submitLabel, onConfirm, pending }: ConfirmActionDialogProps) {
  return <ActionDialog trigger={<Button>{label}</Button>} title={title} description={description} confirmLabel={submitLabel} pending={pending} onConfirm={onConfirm} />;
}

/** A destructive action on a document (cancel a draft, delete it): a red button that asks first. */
export function DestructiveActionDialog({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
}: {
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Sends the request; see `ActionDialog`. */
  onConfirm: (idempotencyKey: string) => Promise<unknown>;
  pending: boolean;
}) {
  return (
    <ActionDialog
      trigger={
        <Button variant="soft" color="red">
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      color="red"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
