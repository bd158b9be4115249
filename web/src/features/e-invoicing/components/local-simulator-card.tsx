import { CopyIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Callout, Code, DataList, Flex, IconButton, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useLocalSimulator } from '../api/get-local-simulator';

function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t('eInvoicingLocal.copied', { label }));
    } catch {
      notify.warning(t('eInvoicingLocal.copyFailed'));
    }
  };
  return (
    <Flex align="center" gap="2">
      <Code dir="ltr">{value}</Code>
      <IconButton size="1" variant="ghost" aria-label={t('eInvoicingLocal.copy', { label })} onClick={() => void copy()}>
        <CopyIcon />
      </IconButton>
    </Flex>
  );
}

/**
 * Running locally (`npm start`), invoices go to the JoFotara simulator, which accepts one device
 * only: its Client-Id and Secret-Key are shown here, to be copied into the settings below. The
 * server answers `active: false` anywhere else, and then nothing is shown.
 */
export function LocalSimulatorCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const simulator = useLocalSimulator(organizationId);
  const data = simulator.data;
  if (!data?.active || !data.client_id || !data.secret_key) return null;
  return (
    <Callout.Root color="cyan" role="note" aria-label={t('eInvoicingLocal.title')}>
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Callout.Text>
          <Text weight="bold">{t('eInvoicingLocal.title')}</Text> {t('eInvoicingLocal.intro')}
        </Callout.Text>
        <DataList.Root size="2">
          <DataList.Item>
            <DataList.Label minWidth="100px">{t('eInvoicing.settings.clientId')}</DataList.Label>
            <DataList.Value>
              <CopyValue label={t('eInvoicing.settings.clientId')} value={data.client_id} />
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="100px">{t('eInvoicing.settings.secretKey')}</DataList.Label>
            <DataList.Value>
              <CopyValue label={t('eInvoicing.settings.secretKey')} value={data.secret_key} />
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Flex>
    </Callout.Root>
  );
}
