import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { LAYAWAY_ITEMS_MAX, layawayCreate, type LayawayPaymentFrequency } from '@daftar/shared/schemas/layaway';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { flattenErrors, useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useCurrentOrganization, useStoredOrganizationId } from '../../../lib/organizations';
import { useCreateLayaway } from '../../layaway/api/create-layaway';
import type { Layaway } from '../../layaway/api/keys';
import { AmountField, FormAlert, frequencyOptions, showFailure } from '../../layaway/components/form-parts';
import type { PosCustomer } from '../api/customers';
import { useOpenSession } from '../api/get-open-session';
import { storedTerminalId, useTerminals } from '../api/get-terminals';
import { useOnline } from '../offline/register-outbox';
import { layawayBlocked, layawayItemsOf } from './layaway-model';
import type { ComputedTicket } from './ticket-model';

/** Money taken at a till: a bank transfer is not (the server refuses it with a session). */
const TILL_METHODS = ['cash', 'card', 'cliq'] as const;

interface TillLayawayValues {
  due_date: string;
  payment_frequency: LayawayPaymentFrequency;
  deposit: { amount: string; payment_method: string };
}

interface LayawayActionProps {
  ticket: ComputedTicket;
  customer: PosCustomer | null;
  /** The layaway was started: the ticket is cleared (its goods are now reserved for the customer). */
  onStarted: () => void;
}

/**
 * The ticket's "Layaway" button and its dialog: the cart's lines set aside for the chosen customer,
 * the deposit taken into this till's session (its drawer and count include it), then the ticket is
 * cleared and the layaway's number shown. The register's terminal and open session are the ones
 * the register already read (same query keys), so this reads nothing new to find them.
 */
export function LayawayAction({ ticket, customer, onStarted }: LayawayActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState<Layaway | null>(null);
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setStarted(null);
  };
  return (
    <>
      <Button size="1" variant="soft" color="cyan" onClick={() => setOpen(true)} disabled={!ticket.lines.length}>
        {t('layaway.till.button')}
      </Button>
      <Dialog.Root open={open} onOpenChange={close}>
        <Dialog.Content maxWidth="480px">
          {started ? (
            <Started layaway={started} onDone={() => close(false)} />
          ) : open ? (
            <LayawayForm
              ticket={ticket}
              customer={customer}
              onStarted={(layaway) => {
                setStarted(layaway);
                onStarted();
              }}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Root>
    </>
  );
}

function Started({ layaway, onDone }: { layaway: Layaway; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog.Title>{t('layaway.till.startedTitle')}</Dialog.Title>
      <Dialog.Description size="2" color="gray">
        {t('layaway.till.startedDescription', { customer: layaway.customer_name ?? '', paid: formatMoney(layaway.amount_paid, layaway.currency), due: formatMoney(layaway.balance_due, layaway.currency) })}
      </Dialog.Description>
      <Text as="p" size="8" weight="bold" my="4" align="center" data-testid="layaway-number">
        <bdi dir="ltr">{layaway.layaway_number}</bdi>
      </Text>
      <Flex justify="end">
        <Button autoFocus onClick={onDone}>
          {t('layaway.till.done')}
        </Button>
      </Flex>
    </>
  );
}

/** Mounted while the dialog is open: a fresh form and Idempotency-Key per opening. */
function LayawayForm({ ticket, customer, onStarted }: { ticket: ComputedTicket; customer: PosCustomer | null; onStarted: (layaway: Layaway) => void }) {
  const { t } = useTranslation();
  const { organization } = useCurrentOrganization();
  const storedId = useStoredOrganizationId();
  const organizationId = organization?.id ?? storedId ?? '';
  const terminalId = organizationId ? storedTerminalId(organizationId) : null;
  const terminals = useTerminals(organizationId);
  const session = useOpenSession(organizationId, terminalId);
  const online = useOnline();
  const create = useCreateLayaway();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const terminal = terminals.data?.data.find((x) => x.id === terminalId) ?? null;
  const blocked = layawayBlocked(ticket, !!customer, online);
  const discounted = ticket.totals.discount > 0;
  const form = useZodForm<typeof layawayCreate, TillLayawayValues>(layawayCreate, {
    defaultValues: { due_date: '', payment_frequency: 'monthly', deposit: { amount: '', payment_method: 'cash' } },
    prepare: (values) => {
      const deposit = values.deposit.amount.trim();
      return {
        customer_id: customer?.id ?? '',
        location_id: terminal?.location_id ?? 'main',
        items: layawayItemsOf(ticket),
        payment_frequency: values.payment_frequency,
        due_date: values.due_date,
        deposit: deposit ? { amount: deposit, payment_method: values.deposit.payment_method, session_id: session.data?.id ?? null } : undefined,
      };
    },
    messages: (issue) => (issue.path === 'due_date' && issue.code !== 'custom' ? t('layaway.form.chooseDueDate') : undefined),
  });
  const onSubmit = form.handleSubmit((data) => create.mutate({ organizationId, data, idempotencyKey }, { onSuccess: onStarted, onError: (error) => showFailure(form, error) }));
  const depositError = (form.formState.errors.deposit as { message?: string } | undefined)?.message;
  // What the dialog has no field for (the customer, the ticket's items, the location) is said above the form.
  const shown = ['due_date', 'payment_frequency', 'deposit.amount', 'deposit.payment_method', 'deposit', 'root'];
  const unshown = Object.entries(flattenErrors(form.formState.errors)).filter(([path]) => !shown.includes(path)).map(([, message]) => message);
  return (
    <>
      <Dialog.Title>{t('layaway.till.title')}</Dialog.Title>
      <Dialog.Description size="2" color="gray">
        {customer ? t('layaway.till.description', { customer: customer.name, count: ticket.lines.length }) : t('layaway.till.descriptionNoCustomer')}
      </Dialog.Description>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('layaway.till.title')}>
        <Flex direction="column" gap="3" mt="3">
          {blocked && blocked !== 'empty' ? (
            <Callout.Root color="amber" role="alert">
              <Callout.Text>{t(`layaway.till.blocked.${blocked}`, { max: LAYAWAY_ITEMS_MAX })}</Callout.Text>
            </Callout.Root>
          ) : null}
          <FormAlert message={[form.formState.errors.root?.message, ...unshown].filter(Boolean).join(' ') || undefined} />
          {discounted ? (
            <Text size="1" color="amber">
              {t('layaway.till.noDiscounts')}
            </Text>
          ) : null}
          <FormTextInput form={form} name="due_date" label={t('layaway.form.dueDate')} type="date" required autoFocus />
          <FormSelectInput form={form} name="payment_frequency" label={t('layaway.form.frequency')} options={frequencyOptions(t)} />
          <AmountField form={form} name="deposit.amount" labelKey="layaway.form.depositAmount" currency={ticket.currency} autoFocus={false} hint={t('layaway.till.depositHint')} />
          <FormSelectInput form={form} name="deposit.payment_method" label={t('layaway.payment.method')} options={TILL_METHODS.map((m) => ({ value: m, label: t(`layaway.methods.${m}`) }))} />
          {depositError ? (
            <Text size="1" color="red" role="alert">
              {depositError}
            </Text>
          ) : null}
          <Flex gap="2" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                {t('common.cancel')}
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={create.isPending} disabled={!!blocked || !session.data}>
              {t('layaway.till.submit')}
            </Button>
          </Flex>
        </Flex>
      </form>
    </>
  );
}
