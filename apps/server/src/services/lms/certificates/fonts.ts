import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The certificate's fonts: Noto Sans for Latin text (its latin, latin-ext and vietnamese subsets) and Noto Sans Devanagari, Kannada, Telugu and
 * Tamil for the other five languages, from the @fontsource packages (WOFF files, which pdfkit reads
 * through fontkit and embeds as subsets). Read once per process; each PDF embeds only what it uses.
 */

export const FONT_FACES = ['latin', 'latinExt', 'vietnamese', 'devanagari', 'kannada', 'telugu', 'tamil'] as const;
export type FontFace = (typeof FONT_FACES)[number];
export type Weight = 400 | 700;

const FILES: Record<FontFace, [pkg: string, subset: string]> = {
  latin: ['@fontsource/noto-sans', 'noto-sans-latin'],
  latinExt: ['@fontsource/noto-sans', 'noto-sans-latin-ext'],
  vietnamese: ['@fontsource/noto-sans', 'noto-sans-vietnamese'],
  devanagari: ['@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari'],
  kannada: ['@fontsource/noto-sans-kannada', 'noto-sans-kannada-kannada'],
  telugu: ['@fontsource/noto-sans-telugu', 'noto-sans-telugu-telugu'],
  tamil: ['@fontsource/noto-sans-tamil', 'noto-sans-tamil-tamil'],
};

/** Code point ranges of each Indic script (its letters, signs and digits; the Vedic extensions too). */
const SCRIPT_RANGES: Array<[FontFace, number, number]> = [
  ['devanagari', 0x0900, 0x097f],
  ['devanagari', 0xa8e0, 0xa8ff],
  ['devanagari', 0x1cd0, 0x1cff],
  ['tamil', 0x0b80, 0x0bff],
  ['telugu', 0x0c00, 0x0c7f],
  ['kannada', 0x0c80, 0x0cff],
];

const require = createRequire(import.meta.url);
const buffers = new Map<string, Buffer>();
const parsed = new Map<string, fontkit.Font>();

/** The font file of a face and weight (read once). */
export function fontBuffer(face: FontFace, weight: Weight): Buffer {
  const key = `${face}-${weight}`;
  let b = buffers.get(key);
  if (!b) {
    const [pkg, subset] = FILES[face];
    const dir = dirname(require.resolve(`${pkg}/package.json`));
    b = readFileSync(join(dir, 'files', `${subset}-${weight}-normal.woff`));
    buffers.set(key, b);
  }
  return b;
}

/** The parsed font (for choosing faces and for the tests' glyph checks). */
export function fontOf(face: FontFace, weight: Weight = 400): fontkit.Font {
  const key = `${face}-${weight}`;
  let f = parsed.get(key);
  if (!f) {
    f = fontkit.create(fontBuffer(face, weight));
    patchNullAnchors(f);
    parsed.set(key, f);
  }
  return f;
}

let anchorsPatched = false;
/**
 * fontkit 2.0.4 throws on a mark-to-base record whose base anchor is NULL (Noto Sans Telugu has
 * some: శ్రీ). HarfBuzz leaves such a mark where it is; so does this patch of fontkit's GPOS
 * processor (one class, shared by every font, so pdfkit's own font objects get it too).
 */
function patchNullAnchors(font: fontkit.Font): void {
  if (anchorsPatched) return;
  const gpos = font._layoutEngine?.engine?.GPOSProcessor;
  if (!gpos) return;
  const proto = Object.getPrototypeOf(gpos) as {
    applyAnchor: (markRecord: { markAnchor?: unknown } | null, baseAnchor: unknown, index: number) => void;
  };
  const original = proto.applyAnchor;
  proto.applyAnchor = function (markRecord, baseAnchor, index) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    original.call(this, markRecord, baseAnchor, index);
  };
  anchorsPatched = true;
}

function scriptFace(cp: number): FontFace | null {
  for (const [face, lo, hi] of SCRIPT_RANGES) if (cp >= lo && cp <= hi) return face;
  return null;
}

/** Characters that belong to whatever surrounds them: spaces, joiners, punctuation, digits. */
const NEUTRAL = /^(?:\s|\u200c|\u200d|\u0964|\u0965|\p{P}|\p{S}|\p{N})$/u;

/** A run of text drawn in one face. */
export type Run = { face: FontFace; text: string };

/**
 * Splits `text` into runs each drawn in one face: Indic letters in their script's font, everything
 * else in the first Latin face that has it; spaces and punctuation stay with the run they sit in.
 */
export function runsOf(text: string): Run[] {
  fontOf('latin'); // the patch above is in place before pdfkit shapes anything
  const runs: Run[] = [];
  let current: Run | null = null;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let face = scriptFace(cp);
    if (!face) {
      if (current && NEUTRAL.test(ch) && fontOf(current.face).hasGlyphForCodePoint(cp)) face = current.face;
      else face = FONT_FACES.find((f) => fontOf(f).hasGlyphForCodePoint(cp)) ?? 'latin';
    }
    if (current && current.face === face) current.text += ch;
    else {
      current = { face, text: ch };
      runs.push(current);
    }
  }
  return runs;
}

/** Glyphs the fonts lack in `text` (id 0, drawn as a box), for the tests. */
export function missingGlyphs(text: string, weight: Weight = 400): string[] {
  const missing: string[] = [];
  for (const run of runsOf(text)) {
    const glyphs = fontOf(run.face, weight).layout(run.text).glyphs;
    if (glyphs.some((g) => g.id === 0)) missing.push(run.text);
  }
  return missing;
}
