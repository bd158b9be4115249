import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage, notify, notifyError } from '../../../lib/notify';
import { useDeleteAccount } from '../api/delete-account';
import { accountTransactionsQueryOptions } from '../api/get-account-transactions';
import type { AccountNode } from '../api/get-chart';
import { useUpdateAccount } from '../api/update-account';
import { accountName } from './account-names';

interface DeleteAccountDialogProps {
  organizationId: string;
  account: AccountNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Deleting asks first. An account with postings cannot be deleted (the books keep their history):
 * the API answers 409, and the dialog says so in plain words and offers to deactivate it instead.
 */
export function DeleteAccountDialog({ organizationId, account, open, onOpenChange }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const deactivate = useUpdateAccount();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<{ hasPostings: boolean; detail: string } | null>(null);
  const label = `${account.code} ${accountName(account, currentLanguage())}`;

  /**
   * The API refuses (409) for several reasons (sub-accounts, postings, documents that use the
   * account…). Which one is told by the account itself, not by the words of the answer: one without
   * sub-accounts whose ledger card has a row has postings; any other refusal is the server's to explain.
   */
  const hasPostings = async () => {
    if (account.children.length > 0) return false;
    try {
      const card = await queryClient.fetchQuery({ ...accountTransactionsQueryOptions(organizationId, account.id, { skip: 0, limit: 1 }), retry: false });
      return card.count > 0 || card.data.length > 0;
    } catch {
      return false;
    }
  };

  const onDelete = () =>
    remove.mutate(
      { organizationId, accountId: account.id },
      {
        onSuccess: () => {
          notify.success(t('accounts.delete.deleted', { account: label }));
          onOpenChange(false);
        },
        onError: async (error) => {
          if (errorStatus(error) === 409) return setRefusal({ hasPostings: await hasPostings(), detail: errorMessage(error) });
          notifyError(error);
        },
      },
    );

  const onDeactivate = () =>
    deactivate.mutate(
      { organizationId, accountId: account.id, data: { is_active: false, version: account.version } },
      {
        onSuccess: () => {
          notify.success(t('accounts.deactivated', { account: label }));
          onOpenChange(false);
        },
      },
    );

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>{t('accounts.delete.title', { account: label })}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t('accounts.delete.description')}</AlertDialog.Description>
        {refusal ? (
          <Callout.Root color="amber" role="alert" mt="4">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{refusal.hasPostings ? t('accounts.delete.hasPostings', { account: label }) : refusal.detail}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {t('common.cancel')}
            </Button>
          </AlertDialog.Cancel>
          {refusal && account.is_active ? (
            <Button color="amber" onClick={onDeactivate} loading={deactivate.isPending}>
              {t('accounts.delete.deactivateInstead')}
            </Button>
          ) : null}
          {!refusal ? (
            <Button color="red" onClick={onDelete} loading={remove.isPending}>
              {t('common.delete')}
            </Button>
          ) : null}
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
