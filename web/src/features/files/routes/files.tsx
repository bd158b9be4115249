import { Flex, Heading } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useFiles, type FileType } from '../api/get-files';
import { FilesTable } from '../components/files-table';
import { UploadForm } from '../components/upload-form';

export function FilesRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [fileType, setFileType] = useState<FileType | ''>('');
  const files = useFiles(organizationId ?? '', fileType || undefined);
  if (!organizationId || role.isLoading) return <Loading />;
  return (
    <Flex direction="column" gap="5">
      {role.isMember ? <UploadForm organizationId={organizationId} /> : null}
      <Flex direction="column" gap="4">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Heading as="h2" size="5">
            {t('files.title')}
          </Heading>
          <SelectInput
            label={t('files.filterType')}
            name="file_type_filter"
            value={fileType}
            onChange={(e) => setFileType(e.target.value as FileType | '')}
            options={[{ value: '', label: t('common.all') }, ...schemas.FILE_TYPES.map((type) => ({ value: type, label: t(`files.types.${type}`) }))]}
          />
        </Flex>
        {files.isPending ? <Loading /> : null}
        {files.isError ? <QueryError error={files.error} onRetry={() => void files.refetch()} /> : null}
        {files.data && files.data.data.length === 0 ? <EmptyState>{t('files.empty')}</EmptyState> : null}
        {files.data && files.data.data.length > 0 ? <FilesTable organizationId={organizationId} files={files.data.data} canDelete={role.isMember} /> : null}
      </Flex>
    </Flex>
  );
}
