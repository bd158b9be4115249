import { Button, Card, Flex, Grid, Heading, Progress, Text } from '@radix-ui/themes';
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES, schemas } from '@daftar/shared';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FileInput, FormSelectInput, FormTextInput } from '../../../components/fields';
import { formatBytes } from '../../../lib/format';
import { applyServerErrors, fieldError, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import type { FileType } from '../api/get-files';
import { useUploadFile } from '../api/upload-file';

interface Values {
  file: FileList | null;
  description: string;
  tags: string;
  file_type: FileType;
}

const EMPTY: Values = { file: null, description: '', tags: '', file_type: 'document' };

/** The upload's query (the shared schema) and the chosen file, checked before any byte is sent. */
const uploadSchema = (t: (key: string, options?: Record<string, unknown>) => string) =>
  schemas.fileUploadQuery.extend({
    file: z.any().transform((files: FileList | null, ctx): File => {
      const file = files?.[0];
      const problem = !file
        ? t('files.chooseFile')
        : file.size > MAX_UPLOAD_BYTES
          ? t('files.tooLarge', { max: formatBytes(MAX_UPLOAD_BYTES) })
          : !(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)
            ? t('files.typeNotAllowed')
            : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return file as File;
    }),
  });

/** Empty texts are sent as absent. */
const toQuery = (values: Values) => ({
  file: values.file,
  description: values.description.trim() || undefined,
  tags: values.tags.trim() || undefined,
  file_type: values.file_type,
});

export function UploadForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const schema = useMemo(() => uploadSchema(t), [t]);
  const form = useZodForm<typeof schema, Values>(schema, { defaultValues: EMPTY, prepare: toQuery });
  const { ref: registerFile, ...fileField } = form.register('file');
  const upload = useUploadFile();
  const [progress, setProgress] = useState<number | null>(null);

  const onSubmit = form.handleSubmit(({ file }) => {
    // The query is sent as typed (comma-separated tags); the server splits it as the schema did.
    const query = toQuery(form.getValues());
    setProgress(0);
    upload.mutate(
      { organizationId, file, description: query.description, tags: query.tags, fileType: query.file_type, onProgress: setProgress },
      {
        onSettled: () => setProgress(null),
        onSuccess: (uploaded) => {
          notify.success(t('files.uploaded', { name: uploaded.filename }));
          form.reset(EMPTY);
          if (fileInput.current) fileInput.current.value = '';
        },
        // The shared handler's toast reports the failure; invalid input is also shown on its field.
        onError: (error) => void applyServerErrors(form, error),
      },
    );
  });

  return (
    <Card size="3">
      <Heading as="h3" size="4" mb="3">
        {t('files.upload')}
      </Heading>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <FileInput
            {...fileField}
            ref={(element) => {
              registerFile(element);
              fileInput.current = element;
            }}
            label={t('files.file')}
            accept={UPLOAD_CONTENT_TYPES.join(',')}
            error={fieldError(form, 'file')}
            hint={t('files.limits', { max: formatBytes(MAX_UPLOAD_BYTES) })}
          />
          <FormSelectInput
            form={form}
            name="file_type"
            label={t('files.type')}
            options={schemas.FILE_TYPES.map((type) => ({ value: type, label: t(`files.types.${type}`) }))}
          />
          <FormTextInput form={form} name="description" label={t('files.description')} />
          <FormTextInput form={form} name="tags" label={t('files.tags')} hint={t('files.tagsHint')} />
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
