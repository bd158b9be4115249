import { EyeOpenIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLORS, type CatalogueReport } from '../utils/catalogue';
import type { PeriodChoice } from '../utils/periods';
import { GenerateMenu } from './generate-menu';
import { PreviewDialog } from './preview-dialog';

/** One catalogue report: title, description, category / Popular / New badges, Preview and Generate. */
export function ReportCard({
  report,
  organizationId,
  period,
  periodValid,
}: {
  report: CatalogueReport;
  organizationId: string;
  period: PeriodChoice;
  periodValid: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [previewing, setPreviewing] = useState(false);
  const title = t(`reports.catalogue.${report.id}.title`);
  return (
    <Card asChild size="2">
      <article aria-labelledby={titleId}>
        <Flex direction="column" gap="3" height="100%">
          <Flex gap="2" wrap="wrap">
            <Badge color={CATEGORY_COLORS[report.category]} variant="soft">
              {t(`reports.categories.${report.category}`)}
            </Badge>
            {report.popular ? (
              <Badge color="amber" variant="solid">
                {t('reports.badges.popular')}
              </Badge>
            ) : null}
            {report.new ? (
              <Badge color="cyan" variant="solid">
                {t('reports.badges.new')}
              </Badge>
            ) : null}
          </Flex>
          <Heading as="h3" size="3" id={titleId}>
            {title}
          </Heading>
          <Text as="p" size="2" color="gray" style={{ flexGrow: 1 }}>
            {t(`reports.catalogue.${report.id}.description`)}
          </Text>
          <Flex gap="2" wrap="wrap">
            <Button variant="soft" disabled={!periodValid} onClick={() => setPreviewing(true)}>
              <EyeOpenIcon />
              {t('reports.preview.button')}
            </Button>
            <GenerateMenu reportId={report.id} title={title} period={period} disabled={!periodValid} />
          </Flex>
        </Flex>
        {previewing ? (
          <PreviewDialog organizationId={organizationId} reportId={report.id} title={title} period={period} open onOpenChange={setPreviewing} />
        ) : null}
      </article>
    </Card>
  );
}
