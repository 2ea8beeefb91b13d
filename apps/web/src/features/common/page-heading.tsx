import { Text, Title } from '@mantine/core';

/** The heading of a signed-in page and the line under it. */
export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      <Text c="dimmed" mt={6}>
        {intro}
      </Text>
    </div>
  );
}
