import { isLightColor } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  brandPalette,
  contrastRatio,
  MIN_TEXT_CONTRAST,
  normalizeHex,
  textColorOn,
  WCAG_LUMINANCE_THRESHOLD,
} from './brand-colors.ts';

describe('normalizeHex', () => {
  it('accepts six hex digits with or without #', () => {
    expect(normalizeHex('1f6feb')).toBe('#1F6FEB');
    expect(normalizeHex('#D7263D')).toBe('#D7263D');
  });
  it('refuses anything else', () => {
    expect(normalizeHex('')).toBeNull();
    expect(normalizeHex(null)).toBeNull();
    expect(normalizeHex('#fff')).toBeNull();
    expect(normalizeHex('blue')).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG extremes', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });
});

describe('brandPalette', () => {
  it('keeps the brand colour itself as shade 6, lighter before and darker after', () => {
    const { shades } = brandPalette('1F6FEB');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#1F6FEB');
    expect(contrastRatio(shades[0], '#FFFFFF')).toBeLessThan(contrastRatio(shades[5], '#FFFFFF'));
    expect(contrastRatio(shades[9], '#FFFFFF')).toBeGreaterThan(contrastRatio(shades[6], '#FFFFFF'));
  });

  it.each(['1F6FEB', 'D7263D'])('demo colour %s: buttons, links and light badges stay readable', (color) => {
    const { shades, primaryShade } = brandPalette(color);
    expect(primaryShade).toBe(6);
    const filled = shades[primaryShade];
    // The text colour Mantine's autoContrast chooses with our threshold…
    const mantineText = isLightColor(filled, WCAG_LUMINANCE_THRESHOLD) ? '#000000' : '#FFFFFF';
    expect(mantineText).toBe(textColorOn(filled));
    // …reads on the filled button, and the brand reads as link text on white.
    expect(contrastRatio(mantineText, filled)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(filled, '#FFFFFF')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(shades[9], shades[1])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it.each(['FFD700', 'F2F2F2', '00FF00', '7FDBFF', '000000', '808080', 'FFFFFF'])(
    'any colour (%s) yields readable text on the filled shade and readable link text',
    (color) => {
      const { shades, primaryShade } = brandPalette(color);
      const filled = shades[primaryShade];
      expect(contrastRatio(textColorOn(filled), filled)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(filled, '#FFFFFF')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(shades[9], shades[2])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );

  it('moves the primary shade darker only for brand colours too light to read on white', () => {
    expect(brandPalette('FFD700').primaryShade).toBeGreaterThan(6);
  });

  it('falls back to the platform colour for an invalid brand colour', () => {
    expect(brandPalette('not a colour').shades[6]).toBe('#3B5BDB');
  });
});
