/** A colour as red, green and blue, each 0–255. */
type TRgb = [number, number, number];

/** Luminance above which black text reads better than white (WCAG: both reach ≥ 4.58:1 around here). */
export const WCAG_LUMINANCE_THRESHOLD = 0.179;

/** Minimum contrast for normal text (WCAG 2.x AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/** Colour of the platform host and of any workspace whose brand colour is unreadable. */
export const PLATFORM_BRAND_COLOR = '3B5BDB';

/** '1F6FEB' or '#1f6feb' as '#1F6FEB'; null when it is not a six-digit hex colour. */
export function normalizeHex(value: string | null | undefined): string | null {
  const hex = (value ?? '').trim().replace(/^#/, '');
  return /^[0-9a-fA-F]{6}$/.test(hex) ? `#${hex.toUpperCase()}` : null;
}

function toRgb(hex: string): TRgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: TRgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** `color` moved towards `target` by `weight` (0 keeps the colour, 1 gives the target). */
function mix(color: TRgb, target: TRgb, weight: number): TRgb {
  return [0, 1, 2].map((i) => color[i]! + (target[i]! - color[i]!) * weight) as TRgb;
}

/** WCAG relative luminance of a '#RRGGBB' colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as TRgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two '#RRGGBB' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour (black or white) that Mantine's autoContrast picks on `background` with our threshold. */
export function textColorOn(background: string): '#000000' | '#FFFFFF' {
  return relativeLuminance(background) > WCAG_LUMINANCE_THRESHOLD ? '#000000' : '#FFFFFF';
}

const WHITE: TRgb = [255, 255, 255];
const BLACK: TRgb = [0, 0, 0];
const TINTS = [0.93, 0.82, 0.66, 0.48, 0.31, 0.15];
const SHADES = [0.15, 0.3, 0.45];

/** A workspace's brand as ten shades for Mantine, and which shade to use where text must be read. */
export type TBrandPalette = {
  shades: [string, string, string, string, string, string, string, string, string, string];
  /** First shade from 6 on that reads as text on white (links, outlines); the brand itself when it does. */
  primaryShade: 6 | 7 | 8 | 9;
};

/**
 * Ten shades around a brand colour: 0–5 tints towards white, 6 the colour itself, 7–9 darker.
 * Shade 9 is darkened further if needed so that Mantine's light variant (shade 9 text on shade
 * 1–2) stays readable; the primary shade moves past 6 only for brand colours too light to read
 * as text on white.
 */
export function brandPalette(color: string | null | undefined): TBrandPalette {
  const hex = normalizeHex(color) ?? normalizeHex(PLATFORM_BRAND_COLOR)!;
  const base = toRgb(hex);
  const shades = [
    ...TINTS.map((w) => toHex(mix(base, WHITE, w))),
    hex,
    ...SHADES.map((w) => toHex(mix(base, BLACK, w))),
  ] as TBrandPalette['shades'];

  let weight = SHADES[2]!;
  while (contrastRatio(shades[9], shades[2]) < MIN_TEXT_CONTRAST && weight < 1) {
    weight = Math.min(1, weight + 0.05);
    shades[9] = toHex(mix(base, BLACK, weight));
  }

  const primaryShade =
    ([6, 7, 8, 9] as const).find((i) => contrastRatio(shades[i], '#FFFFFF') >= MIN_TEXT_CONTRAST) ?? 9;
  return { shades, primaryShade };
}
