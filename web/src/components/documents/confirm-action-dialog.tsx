import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../confirm-dialog';

interface ConfirmActionDialogProps {
  /** The button that opens the dialog. */
  label: string;
  title: string;
  description: string;
  /** The dialog's own confirming button. */
  submitLabel: string;
  onConfirm: () => void;
  pending: boolean;
}

/** A posting action (confirm, post, approve) asks first, without the red of a destructive one. */
export function ConfirmActionDialog({ label, title, description, submitLabel, onConfirm, pending }: ConfirmActionDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button loading={pending}>{label}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {t('common.cancel')}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button onClick={onConfirm}>{submitLabel}</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** A destructive action on a document (cancel a draft, delete it): a red button that asks first. */
export function DestructiveActionDialog({ label, title, description, confirmLabel, onConfirm, pending }: { label: string; title: string; description: string; confirmLabel: string; onConfirm: () => void; pending: boolean }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="soft" color="red">
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
