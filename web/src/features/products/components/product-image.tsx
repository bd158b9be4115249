import { ImageIcon } from '@radix-ui/react-icons';
import { Flex } from '@radix-ui/themes';

/**
 * A product's picture (a presigned URL, minutes long) or an empty frame of the same size, so rows
 * with and without pictures line up. Decorative in lists: the name beside it says what it is.
 */
export function ProductThumbnail({ url, size, alt = '' }: { url: string | null | undefined; size: number; alt?: string }) {
  const frame = { width: size, height: size, borderRadius: 'var(--radius-2)', border: '1px solid var(--gray-a5)', background: 'var(--gray-a2)', overflow: 'hidden', flexShrink: 0 } as const;
  if (!url) {
    return (
      <Flex align="center" justify="center" style={frame} aria-hidden={alt ? undefined : true}>
        <ImageIcon color="var(--gray-8)" />
      </Flex>
    );
  }
  return <img src={url} alt={alt} width={size} height={size} style={{ ...frame, objectFit: 'cover', display: 'block' }} loading="lazy" />;
}
