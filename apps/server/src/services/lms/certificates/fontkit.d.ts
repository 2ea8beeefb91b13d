/** The little of fontkit (pdfkit's font engine) that certificates use directly. */
declare module 'fontkit' {
  export type Glyph = { id: number };
  export type GlyphRun = { glyphs: Glyph[] };
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): GlyphRun;
    readonly _layoutEngine: { engine: { GPOSProcessor: object | null } };
  }
  export function create(buffer: Buffer): Font;
}
