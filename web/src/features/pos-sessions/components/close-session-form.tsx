import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { posSessionPatch } from '@daftar/shared/schemas/pos';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { applyServerErrors, issueMessages, readerMessage, useZodForm } from '../../../lib/forms';
import { errorMessage, notify } from '../../../lib/notify';
import { useCloseSession } from '../api/close-session';
import type { Session } from '../api/keys';
import { countDifference, Difference } from './amounts';
import { COUNTED_TENDERS, type CountedTender } from './shift-report';

export interface CloseValues {
  counted: Record<CountedTender, string>;
  note: string;
}

const blank = (text: string) => (text.trim() ? text.trim() : undefined);

/** The PATCH body: card and CliQ batch totals only when typed (the server then has none to compare). */
export const closeBodyOf = (values: CloseValues) => ({
  status: 'closed' as const,
  counted: { cash: values.counted.cash.trim(), card: blank(values.counted.card), cliq: blank(values.counted.cliq) },
  note: blank(values.note) ?? null,
});

interface CloseSessionFormProps {
  organizationId: string;
  session: Session;
  currency: string;
  onClosed: (session: Session) => void;
}

/**
 * The count at the end of a shift: cash in the drawer, and the card terminal's and CliQ's batch
 * totals. Each shows what should be there and, as it is typed, the difference (short in red,
 * over in green); closing posts the differences and answers the Z report.
 */
export function CloseSessionForm({ organizationId, session, currency, onClosed }: CloseSessionFormProps) {
  const { t } = useTranslation();
  const close = useCloseSession();
  const form = useZodForm<typeof posSessionPatch, CloseValues>(posSessionPatch, {
    defaultValues: { counted: { cash: '', card: '', cliq: '' }, note: '' },
    prepare: closeBodyOf,
  });
  const counted = useWatch({ control: form.control, name: 'counted' });
  const expected = session.report.expected;
  const formError = form.formState.errors.root?.message;

  const onFailure = (error: unknown) => {
    const rest = applyServerErrors(form, error);
    if (rest) {
      if (rest.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
      return;
    }
    // A session closed meanwhile (409), or one this person may not close: the server's words.
    form.setError('root', { type: 'server', message: readerMessage(errorMessage(error)) });
  };

  const onSubmit = form.handleSubmit((data) =>
    close.mutate(
      { organizationId, sessionId: session.id, data },
      {
        onSuccess: (closed) => {
          notify.success(t('posSessions.close.closed', { terminal: closed.terminal_name }));
          onClosed(closed);
        },
        onError: onFailure,
      },
    ),
  );

  return (
    <Card size="3" asChild>
      <section aria-labelledby="close-session-title">
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="close-session-title">
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="1">
              <Heading as="h2" size="4" id="close-session-title">
                {t('posSessions.close.title')}
              </Heading>
              <Text size="2" color="gray">
                {t('posSessions.close.intro')}
              </Text>
            </Flex>
            {formError ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{formError}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Grid columns={{ initial: '1', sm: '3' }} gap="4" align="start">
              {COUNTED_TENDERS.map((tender) => {
                const difference = countDifference(counted?.[tender] ?? '', expected[tender], currency);
                return (
                  <Flex key={tender} direction="column" gap="2">
                    <FormTextInput
                      form={form}
                      name={`counted.${tender}`}
                      label={t(`posSessions.close.counted.${tender}`, { currency })}
                      hint={tender === 'cash' ? undefined : t('posSessions.close.batchHint')}
                      inputMode="decimal"
                      dir="ltr"
                      placeholder="0.000"
                      autoComplete="off"
                      required={tender === 'cash'}
                    />
                    <Flex direction="column" gap="1" aria-live="polite" data-testid={`close-${tender}`}>
                      <Text size="2" color="gray">
                        {t('posSessions.close.expected', { amount: formatMoney(expected[tender], currency) })}
                      </Text>
                      {difference !== null ? (
                        <Text size="2">
                          <Difference value={difference} currency={currency} />
                        </Text>
                      ) : null}
                    </Flex>
                  </Flex>
                );
              })}
            </Grid>
            <FormTextAreaInput form={form} name="note" label={t('posSessions.close.note')} dir="auto" rows={2} />
            <Flex gap="3" justify="end" align="center" wrap="wrap">
              <Text size="1" color="gray">
                {t('posSessions.close.final')}
              </Text>
              <Button type="submit" color="red" loading={close.isPending}>
                {t('posSessions.close.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </section>
    </Card>
  );
}
