import { Text } from '@radix-ui/themes';
import { formatCardNumber } from '@daftar/shared/giftcards/card-number';

/**
 * "9123 4567 8901 2345" as plain text that reads left to right anywhere. Digit groups split by
 * spaces are separate runs to the bidi algorithm: inside Arabic text they would be drawn in reverse
 * order ("2345 8901 4567 9123"). A left-to-right isolate keeps the groups as printed on the card.
 */
export const cardNumberText = (cardNumber: string) => `\u2066${formatCardNumber(cardNumber)}\u2069`;

/** A card's number in groups of four, left to right in either language, in tabular digits. */
export function CardNumber({ cardNumber }: { cardNumber: string }) {
  return (
    <Text dir="ltr" style={{ unicodeBidi: 'isolate', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatCardNumber(cardNumber)}
    </Text>
  );
}
