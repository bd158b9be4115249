import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@radix-ui/themes';
import { CreateOrganizationDialog } from '../../features/organizations/components/create-organization-dialog';
import { useCurrentOrganization } from '../../lib/organizations';

/** Which organization the user works in (SPEC §4); switching clears every cached read. */
export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const { organizations, organizationId, switchOrganization, isLoading } = useCurrentOrganization();
  return (
    <div className="org-switcher">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {t('shell.organization')}
      </Text>
      <select
        id={id}
        className="native-select"
        value={organizationId ?? ''}
        disabled={isLoading || organizations.length === 0}
        onChange={(event) => switchOrganization(event.target.value)}
      >
        {organizations.length === 0 ? <option value="">{isLoading ? t('common.loading') : t('shell.noOrganization')}</option> : null}
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </select>
      <CreateOrganizationDialog onCreated={(organization) => switchOrganization(organization.id)} />
    </div>
  );
}
