import { Button, type CSSVariablesResolver, createTheme, type MantineThemeOverride } from '@mantine/core';
import { brandPalette, WCAG_LUMINANCE_THRESHOLD } from './brand-colors.ts';

/** Grey shown while the host is not yet known, so that no workspace's colour flashes up. */
export const NEUTRAL_COLOR = '495057';

/**
 * Mantine's system font stack, then Noto Sans for the Indian scripts we show (Devanagari for
 * Hindi and Marathi, Kannada, Telugu, Tamil): without it, a system with no Indic UI font picks
 * whatever it has (often a serif, or nothing at all). Windows' Nirmala UI covers all four.
 */
export const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  'Segoe UI',
  'Roboto',
  'Helvetica',
  'Arial',
  'Nirmala UI',
  'Noto Sans',
  'Noto Sans Devanagari',
  'Noto Sans Kannada',
  'Noto Sans Telugu',
  'Noto Sans Tamil',
  'sans-serif',
  'Apple Color Emoji',
  'Segoe UI Emoji',
].join(', ');

/**
 * The Mantine theme for a brand colour (six hex digits). The brand becomes the primary colour;
 * `autoContrast` with the WCAG threshold keeps text on brand-coloured buttons readable.
 */
export function buildTheme(brandColor: string): MantineThemeOverride {
  const { shades, primaryShade } = brandPalette(brandColor);
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: shades },
    primaryShade: { light: primaryShade, dark: primaryShade },
    autoContrast: true,
    luminanceThreshold: WCAG_LUMINANCE_THRESHOLD,
    defaultRadius: 'md',
    cursorType: 'pointer',
    // People who ask their system for less motion get dialogs and menus without animation.
    respectReducedMotion: true,
    fontFamily: FONT_FAMILY,
    headings: { fontWeight: '650', fontFamily: FONT_FAMILY },
    components: {
      // Long labels (Hindi, narrow phones) wrap onto a second line instead of being cut off.
      Button: Button.extend({
        styles: {
          root: { height: 'auto', minHeight: 'var(--button-height)' },
          inner: { paddingBlock: 4, minHeight: 'calc(var(--button-height) - 2px)' },
          label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3, overflow: 'visible' },
        },
      }),
    },
  });
}

/**
 * Darker greys and reds than Mantine's defaults for secondary and error text, which are too
 * light on white to meet WCAG AA; likewise the text of light notices (alerts, badges) in the
 * status colours, which Mantine draws in shade 6 on a pale tint of the same colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-green-light-color': 'color-mix(in srgb, var(--mantine-color-green-9), black 40%)',
    '--mantine-color-red-light-color': 'color-mix(in srgb, var(--mantine-color-red-9), black 15%)',
    '--mantine-color-yellow-light-color': 'color-mix(in srgb, var(--mantine-color-yellow-9), black 45%)',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
  },
  dark: {},
});
