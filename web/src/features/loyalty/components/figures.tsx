import { Card, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { formatNumber, locale } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';

/** Whole points in the reader's digits ("1,250"). */
export const pointsText = (points: number) => formatNumber(points);

/** A change of points with its sign always shown ("+120", "-40"), placed by the reader's locale. */
export const signedPoints = (points: number) => new Intl.NumberFormat(locale(), { signDisplay: 'exceptZero' }).format(points);

/** A share from 0 to 1 as text ("0.3125") shown as a percentage ("31.3%"). */
export const percentText = (share: string) => new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(Number(share));

/** A program's name in the reader's language (its Arabic name when it has one). */
export const programName = (program: { name: string; name_ar?: string | null }) => localName({ name: program.name, name_ar: program.name_ar ?? null }, currentLanguage());

/** One figure on a page: what it is, the figure, and a line that explains it. */
export function Tile({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card role="group" aria-label={label}>
      <Flex direction="column" gap="1">
        <Text as="div" size="2" color="gray">
          {label}
        </Text>
        <Text as="div" size="6" weight="bold">
          {value}
        </Text>
        {children}
      </Flex>
    </Card>
  );
}
