import { Text } from '@mantine/core';
import { useState } from 'react';
import { useBrandName, useOptionalHost } from './host-context.tsx';

const HEIGHTS = { sm: 32, md: 44, lg: 56 } as const;

/**
 * This host's logo, or its company name when it has none (or the image fails); the product
 * name on the platform host. Only ever this host's own branding.
 */
export function BrandMark({ size = 'md' }: { size?: keyof typeof HEIGHTS }) {
  const profile = useOptionalHost()?.profile ?? null;
  const name = useBrandName();
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const logo = profile?.companyLogo ?? null;

  if (logo && failedLogo !== logo) {
    return (
      <img
        src={logo}
        alt={name}
        onError={() => setFailedLogo(logo)}
        style={{ display: 'block', height: HEIGHTS[size], maxWidth: '60vw', objectFit: 'contain' }}
      />
    );
  }
  return (
    <Text component="span" fw={700} fz={size === 'sm' ? 'lg' : size === 'md' ? 'xl' : 28} c="brand" lineClamp={1}>
      {name}
    </Text>
  );
}
