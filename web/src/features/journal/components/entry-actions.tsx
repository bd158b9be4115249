import { Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { canDeleteDraft } from '@daftar/shared/drafts';
import { ConfirmActionDialog, DestructiveActionDialog } from '../../../components/documents/confirm-action-dialog';
import { useUser } from '../../../lib/auth';
import type { RoleFlags } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useDeleteJournalEntry } from '../api/delete-journal-entry';
import type { JournalEntry } from '../api/get-journal-entries';
import { usePostJournalEntry } from '../api/post-journal-entry';
import { ReverseEntryDialog } from './reverse-entry-dialog';

/**
 * What can be done with an entry depends on its state and the person's role: a draft is posted
 * (admin) or deleted (its creator or an admin, shared/src/drafts.ts); a posted entry is reversed (admin), never edited or deleted.
 */
export function EntryActions({ organizationId, entry, label, role }: { organizationId: string; entry: JournalEntry; label: string; role: RoleFlags }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const post = usePostJournalEntry();
  const remove = useDeleteJournalEntry();
  const user = useUser();
  const ids = { organizationId, entryId: entry.id };
  return (
    <Flex gap="2" wrap="wrap" justify="end">
      {entry.status === 'draft' && role.isAdmin ? (
        <ConfirmActionDialog
          label={t('journal.actions.post')}
          title={t('journal.actions.postTitle')}
          description={t('journal.actions.postDescription')}
          submitLabel={t('journal.actions.postSubmit')}
          pending={post.isPending}
          onConfirm={async (idempotencyKey) => {
            const posted = await post.mutateAsync({ ...ids, idempotencyKey });
            notify.success(t('journal.actions.posted', { entry: posted.entry_number ?? '' }));
          }}
        />
      ) : null}
      {entry.status === 'draft' && canDeleteDraft({ role: role.role, userId: user.data?.id, createdBy: entry.created_by }) ? (
        <DestructiveActionDialog
          label={t('journal.actions.delete')}
          title={t('journal.actions.deleteTitle')}
          description={t('journal.actions.deleteDescription')}
          confirmLabel={t('common.delete')}
          pending={remove.isPending}
          onConfirm={async () => {
            await remove.mutateAsync(ids);
            notify.success(t('journal.actions.deleted'));
            navigate('/accounting/journal', { replace: true });
          }}
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
