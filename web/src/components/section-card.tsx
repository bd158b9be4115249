import { Card, Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** A dashboard card: a titled section, named by its title for screen readers. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {children}
        </Flex>
      </section>
    </Card>
  );
}
