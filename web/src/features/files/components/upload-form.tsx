import { Button, Card, Flex, Grid, Heading, Progress, Text } from '@radix-ui/themes';
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES, schemas } from '@daftar/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput, SelectInput, TextInput } from '../../../components/fields';
import { formatBytes } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import type { FileType } from '../api/get-files';
import { useUploadFile } from '../api/upload-file';

export function UploadForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<{ description: string; tags: string; file_type: FileType }>({ description: '', tags: '', file_type: 'document' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const upload = useUploadFile();
  const [progress, setProgress] = useState<number | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors: FieldErrors = {};
    if (!file) fieldErrors.file = t('files.chooseFile');
    else if (file.size > MAX_UPLOAD_BYTES) fieldErrors.file = t('files.tooLarge', { max: formatBytes(MAX_UPLOAD_BYTES) });
    else if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) fieldErrors.file = t('files.typeNotAllowed');
    const query = { description: values.description.trim() || undefined, tags: values.tags.trim() || undefined, file_type: values.file_type };
    const result = validateForm(schemas.fileUploadQuery, query);
    if (!result.success) Object.assign(fieldErrors, result.errors);
    setErrors(fieldErrors);
    if (!file || Object.keys(fieldErrors).length) return;
    setProgress(0);
    upload.mutate(
      { organizationId, file, description: query.description, tags: query.tags, fileType: values.file_type, onProgress: setProgress },
      {
        onSettled: () => setProgress(null),
        onSuccess: (uploaded) => {
          notify.success(t('files.uploaded', { name: uploaded.filename }));
          setFile(null);
          setValues({ description: '', tags: '', file_type: 'document' });
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <Card size="3">
      <Heading as="h3" size="4" mb="3">
        {t('files.upload')}
      </Heading>
      <form onSubmit={onSubmit} noValidate>
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <FileInput
            ref={fileInput}
            label={t('files.file')}
            name="file"
            accept={UPLOAD_CONTENT_TYPES.join(',')}
            error={errors.file}
            hint={t('files.limits', { max: formatBytes(MAX_UPLOAD_BYTES) })}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <SelectInput
            label={t('files.type')}
            name="file_type"
            value={values.file_type}
            onChange={(e) => setValues({ ...values, file_type: e.target.value as FileType })}
            options={schemas.FILE_TYPES.map((type) => ({ value: type, label: t(`files.types.${type}`) }))}
          />
          <TextInput label={t('files.description')} name="description" value={values.description} error={errors.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />
          <TextInput label={t('files.tags')} name="tags" value={values.tags} error={errors.tags} hint={t('files.tagsHint')} onChange={(e) => setValues({ ...values, tags: e.target.value })} />
        </Grid>
        {progress !== null && (
          <Flex direction="column" gap="1" mt="4">
            <Text as="label" id="upload-progress-label" size="2">
              {t('files.progress', { percent: Math.round(progress * 100) })}
            </Text>
            <Progress aria-labelledby="upload-progress-label" value={Math.round(progress * 100)} max={100} />
          </Flex>
        )}
        <Flex justify="end" mt="4">
          <Button type="submit" loading={upload.isPending}>
            {t('files.uploadSubmit')}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
