import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { RoleFlags } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useDeleteJournalEntry } from '../api/delete-journal-entry';
import type { JournalEntry } from '../api/get-journal-entries';
import { usePostJournalEntry } from '../api/post-journal-entry';
import { ReverseEntryDialog } from './reverse-entry-dialog';

/** Posting asks first, without the red of a destructive action. */
function PostEntryDialog({ onConfirm, pending }: { onConfirm: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button loading={pending}>{t('journal.actions.post')}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{t('journal.actions.postTitle')}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t('journal.actions.postDescription')}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {t('common.cancel')}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button onClick={onConfirm}>{t('journal.actions.postSubmit')}</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/**
 * What can be done with an entry depends on its state and the person's role: a draft is posted
 * (admin) or deleted (member); a posted entry is reversed (admin), never edited or deleted.
 */
export function EntryActions({ organizationId, entry, label, role }: { organizationId: string; entry: JournalEntry; label: string; role: RoleFlags }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const post = usePostJournalEntry();
  const remove = useDeleteJournalEntry();
  const ids = { organizationId, entryId: entry.id };
  return (
    <Flex gap="2" wrap="wrap" justify="end">
      {entry.status === 'draft' && role.isAdmin ? (
        <PostEntryDialog
          pending={post.isPending}
          onConfirm={() => post.mutate(ids, { onSuccess: (posted) => notify.success(t('journal.actions.posted', { entry: posted.entry_number ?? '' })) })}
        />
      ) : null}
      {entry.status === 'draft' && role.isMember ? (
        <ConfirmDialog
          trigger={
            <Button variant="soft" color="red">
              {t('journal.actions.delete')}
            </Button>
          }
          title={t('journal.actions.deleteTitle')}
          description={t('journal.actions.deleteDescription')}
          confirmLabel={t('common.delete')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(ids, {
              onSuccess: () => {
                notify.success(t('journal.actions.deleted'));
                navigate('/accounting/journal', { replace: true });
              },
            })
          }
        />
      ) : null}
      {entry.status === 'posted' && role.isAdmin ? (
        <ReverseEntryDialog
          organizationId={organizationId}
          entry={entry}
          label={label}
          onReversed={(reversal) => notify.success(t('journal.reverse.done', { entry: label, reversal: reversal.entry_number ?? '' }))}
        />
      ) : null}
    </Flex>
  );
}
