import { Center, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguagePicker } from '../../app/language-picker.tsx';

/** The frame of the signed-out pages: one card in the middle of the screen, language choice below. */
export function AuthLayout({ children, width = 420 }: { children: ReactNode; width?: number }) {
  return (
    <Center component="main" mih="100dvh" bg="gray.0" px="sm" py="xl">
      <Stack w="100%" maw={width} gap="md" align="stretch">
        <Paper
          withBorder
          radius="lg"
          shadow="xs"
          p={{ base: 'lg', sm: 32 }}
          style={{ borderTop: '4px solid var(--mantine-primary-color-filled)' }}
        >
          {children}
        </Paper>
        <Center>
          <LanguagePicker />
        </Center>
      </Stack>
    </Center>
  );
}
