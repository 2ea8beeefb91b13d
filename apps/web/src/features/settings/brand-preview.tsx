import { Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { brandPalette, textColorOn } from '../../app/brand-colors.ts';

/**
 * A small copy of the workspace's sign-in card in `color`, redrawn as the colour changes: the top
 * border and the button use the shades the real theme would derive from it.
 */
export function BrandPreview({
  color,
  logo,
  companyName,
}: {
  color: string;
  logo: string | null;
  companyName: string;
}) {
  const { t } = useTranslation('settings');
  const { shades, primaryShade } = brandPalette(color);
  const filled = shades[primaryShade];
  return (
    <Box
      data-testid="brand-preview"
      aria-label={t('settings.preview.label')}
      role="img"
      bg="gray.0"
      p="md"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack
        gap="sm"
        bg="white"
        p="md"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          borderTop: `4px solid ${filled}`,
          boxShadow: 'var(--mantine-shadow-xs)',
        }}
      >
        {logo ? (
          <img
            src={logo}
            alt=""
            style={{ height: 36, maxWidth: '100%', objectFit: 'contain', alignSelf: 'flex-start' }}
          />
        ) : (
          <Text fw={700} fz="lg" style={{ color: shades[9] }} lineClamp={1}>
            {companyName}
          </Text>
        )}
        <Text fw={650}>{t('settings.preview.heading')}</Text>
        <Box
          h={34}
          style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}
        />
        <Box
          data-testid="brand-preview-button"
          py={8}
          ta="center"
          fw={600}
          style={{ background: filled, color: textColorOn(filled), borderRadius: 'var(--mantine-radius-md)' }}
        >
          {t('common.signIn')}
        </Box>
      </Stack>
    </Box>
  );
}
