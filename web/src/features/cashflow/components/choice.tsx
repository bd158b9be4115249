import { Button, Flex } from '@radix-ui/themes';

/**
 * A few mutually exclusive choices (day/week/month, 30/60/90 days) as buttons in a radio group.
 * Radix's SegmentedControl slides its indicator by index from the left, so in Arabic it highlighted
 * the mirrored choice; plain buttons follow the document's direction.
 */
export function Choice<T extends string | number>({ label, value, options, onChange }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <Flex gap="1" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <Button
          key={String(option.value)}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          variant={option.value === value ? 'solid' : 'soft'}
          color={option.value === value ? undefined : 'gray'}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Flex>
  );
}
