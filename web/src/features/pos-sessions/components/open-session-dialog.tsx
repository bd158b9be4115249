import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { posSessionOpen } from '@daftar/shared/schemas/pos';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { applyServerErrors, issueMessages, readerMessage, useZodForm } from '../../../lib/forms';
import { errorMessage, notify } from '../../../lib/notify';
import type { Session, Terminal } from '../api/keys';
import { useOpenSession } from '../api/open-session';

interface OpenValues {
  terminal_id: string;
  opening_float: string;
  note: string;
}

interface OpenSessionDialogProps {
  organizationId: string;
  terminals: readonly Terminal[];
  /** The terminal to open (the register's link names it). */
  terminalId?: string;
  currency: string;
  onOpened: (session: Session) => void;
  onClose: () => void;
}

/**
 * Start a shift on a till: the terminal and the cash put in the drawer as change (the float).
 * Only active terminals without an open session are offered; the server still refuses a second
 * open session (409), shown above the form.
 */
export function OpenSessionDialog({ organizationId, terminals, terminalId, currency, onOpened, onClose }: OpenSessionDialogProps) {
  const { t } = useTranslation();
  const open = useOpenSession();
  const available = terminals.filter((terminal) => (terminal.is_active && !terminal.current_session_id) || terminal.id === terminalId);
  const form = useZodForm<typeof posSessionOpen, OpenValues>(posSessionOpen, {
    defaultValues: { terminal_id: terminalId ?? available[0]?.id ?? '', opening_float: '', note: '' },
    prepare: (values) => ({ terminal_id: values.terminal_id, opening_float: values.opening_float.trim() || '0', note: values.note.trim() || null }),
  });
  const formError = form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit((data) =>
    open.mutate(
      { organizationId, data },
      {
        onSuccess: (session) => {
          notify.success(t('posSessions.open.opened', { terminal: session.terminal_name }));
          onOpened(session);
        },
        onError: (error) => {
          const rest = applyServerErrors(form, error);
          if (rest) {
            if (rest.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
            return;
          }
          form.setError('root', { type: 'server', message: readerMessage(errorMessage(error)) });
        },
      },
    ),
  );

  return (
    <Dialog.Root open onOpenChange={(next) => (next ? null : onClose())}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{t('posSessions.open.title')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('posSessions.open.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('posSessions.open.title')}>
          <Flex direction="column" gap="4">
            {formError ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{formError}</Callout.Text>
              </Callout.Root>
            ) : null}
            {available.length === 0 ? (
              <Text size="2" color="gray">
                {t('posSessions.open.noTerminal')}
              </Text>
            ) : (
              <>
                <FormSelectInput
                  form={form}
                  name="terminal_id"
                  label={t('posSessions.columns.terminal')}
                  options={available.map((terminal) => ({ value: terminal.id, label: terminal.name }))}
                />
                <FormTextInput
                  form={form}
                  name="opening_float"
                  label={t('posSessions.open.float', { currency })}
                  hint={t('posSessions.open.floatHint')}
                  inputMode="decimal"
                  dir="ltr"
                  placeholder="0.000"
                  autoComplete="off"
                  autoFocus
                />
                <FormTextAreaInput form={form} name="note" label={t('posSessions.open.note')} dir="auto" rows={2} />
              </>
            )}
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={open.isPending} disabled={available.length === 0}>
                {t('posSessions.open.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
