import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark.tsx';
import { usePageTitle } from './page-title.hook.ts';

/**
 * A page that says one thing and offers a way on (errors, empty hosts, maintenance). Fills the
 * screen in its own `main`, or, with `inline`, renders inside the signed-in shell.
 */
export function MessagePage(props: {
  title: string;
  heading: string;
  children: ReactNode;
  actions?: ReactNode;
  inline?: boolean;
  /** Hide the brand mark (e.g. on a host that has no brand of its own). */
  withBrand?: boolean;
}) {
  usePageTitle(props.title);
  const content = (
    <Stack align="center" gap="md" ta="center" maw={560}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {props.heading}
      </Title>
      <Box c="dimmed" fz="md">
        {props.children}
      </Box>
      {props.actions ? (
        <Group justify="center" gap="sm" mt="xs">
          {props.actions}
        </Group>
      ) : null}
    </Stack>
  );

  if (props.inline) return <Center py={48}>{content}</Center>;
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs" maw={640} w="100%">
        <Stack align="center" gap="lg">
          {props.withBrand === false ? null : <BrandMark />}
          {content}
        </Stack>
      </Paper>
    </Center>
  );
}

/** A paragraph inside a MessagePage. */
export function MessageText({ children }: { children: ReactNode }) {
  return <Text inherit>{children}</Text>;
}
