import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Callout, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import type { EinvoicingRequiredField } from '@daftar/shared/schemas/einvoicing';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * What the e-invoicing settings still lack, in the reader's language, each a link to its field on
 * the settings page (`/settings/e-invoicing#client_id`). Built from the settings' `missing_fields`
 * codes, never from the server's English message.
 */
export function MissingSettings({ fields, intro }: { fields: readonly EinvoicingRequiredField[]; intro: string }) {
  const { t } = useTranslation();
  if (!fields.length) return null;
  return (
    <Callout.Root color="amber" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Callout.Text>{intro}</Callout.Text>
        <Text as="p" size="2">
          {fields.map((field, index) => (
            <Fragment key={field}>
              {index > 0 ? t('eInvoicing.settings.listSeparator') : null}
              <RadixLink asChild weight="medium">
                <Link to={`/settings/e-invoicing#${field}`}>{t(`eInvoicing.settings.requiredFields.${field}`)}</Link>
              </RadixLink>
            </Fragment>
          ))}
        </Text>
      </Flex>
    </Callout.Root>
  );
}
