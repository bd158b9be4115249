import { Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDeleteFile } from '../api/delete-file';
import { useDownloadFile } from '../api/get-download-url';
import type { FileUpload } from '../api/get-files';

function startDownload(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function FilesTable({ organizationId, files, canDelete }: { organizationId: string; files: FileUpload[]; canDelete: boolean }) {
  const { t } = useTranslation();
  const download = useDownloadFile();
  const remove = useDeleteFile();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('files.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('files.type')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('files.size')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('files.tags')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('files.uploadedAt')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {files.map((file) => (
            <Table.Row key={file.id}>
              <Table.RowHeaderCell>
                <Text weight="medium">{file.filename}</Text>
                {file.description ? (
                  <Text as="div" size="1" color="gray">
                    {file.description}
                  </Text>
                ) : null}
              </Table.RowHeaderCell>
              <Table.Cell>{t(`files.types.${file.file_type}`)}</Table.Cell>
              <Table.Cell>{formatBytes(file.size)}</Table.Cell>
              <Table.Cell>
                <Flex gap="1" wrap="wrap">
                  {file.tags.map((tag) => (
                    <Badge key={tag} variant="soft" color="gray">
                      {tag}
                    </Badge>
                  ))}
                </Flex>
              </Table.Cell>
              <Table.Cell>{formatDateTime(file.created_at)}</Table.Cell>
              <Table.Cell>
                <Flex gap="2">
                  <Button
                    size="1"
                    variant="soft"
                    aria-label={t('files.downloadFor', { name: file.filename })}
                    loading={download.isPending && download.variables?.fileId === file.id}
                    onClick={() => download.mutate({ organizationId, fileId: file.id }, { onSuccess: (d) => startDownload(d.url, d.filename) })}
                  >
                    {t('files.download')}
                  </Button>
                  {canDelete ? (
                    <ConfirmDialog
                      trigger={
                        <Button size="1" variant="soft" color="red" aria-label={t('files.deleteFor', { name: file.filename })}>
                          {t('common.delete')}
                        </Button>
                      }
                      title={t('files.deleteFor', { name: file.filename })}
                      description={t('files.deleteDescription')}
                      confirmLabel={t('common.delete')}
                      pending={remove.isPending}
                      onConfirm={() =>
                        remove.mutate({ organizationId, fileId: file.id }, { onSuccess: () => notify.success(t('files.deleted', { name: file.filename })) })
                      }
                    />
                  ) : null}
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
