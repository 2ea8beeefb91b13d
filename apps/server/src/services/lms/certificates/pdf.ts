import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Language } from '../../../core/messages/index.ts';
import { FONT_FACES, type FontFace, fontBuffer, runsOf, type Weight } from './fonts.ts';
import { CERTIFICATE_TEXTS } from './texts.ts';

/** What a certificate shows. */
export type CertificateContent = {
  language: Language;
  learnerName: string;
  courseTitle: string;
  /** The completion date, already written in the certificate's language and the workspace's zone. */
  date: string;
  score: number | null;
  code: string;
  /** The public address that checks the code (`<workspace origin>/verify/<code>`). */
  verifyUrl: string;
  company: string;
  /** Six hex digits, no `#`. */
  color: string;
  /** The workspace's logo (PNG or JPEG), or null: the company's name is written instead. */
  logo: Buffer | null;
};

// A4 landscape, in points.
const W = 841.89;
const H = 595.28;
const MARGIN = 36;
const INK = '#1F2937';
const MUTED = '#4B5563';

/** A line of mixed-script text, drawn centred (or from `x`) on the baseline `y`, shrunk to fit `maxWidth`. */
function drawLine(
  doc: PDFKit.PDFDocument,
  text: string,
  o: { y: number; size: number; weight?: Weight; color?: string; maxWidth?: number; x?: number; minSize?: number },
): number {
  const weight = o.weight ?? 400;
  const runs = runsOf(text);
  const maxWidth = o.maxWidth ?? W - 2 * (MARGIN + 48);
  const widthAt = (size: number) =>
    runs.reduce((sum, r) => sum + doc.font(faceName(r.face, weight)).fontSize(size).widthOfString(r.text), 0);
  let size = o.size;
  let width = widthAt(size);
  const minSize = o.minSize ?? Math.min(o.size, 11);
  if (width > maxWidth) {
    size = Math.max(minSize, (size * maxWidth) / width);
    width = widthAt(size);
  }
  let x = o.x ?? (W - Math.min(width, maxWidth)) / 2;
  doc.fillColor(o.color ?? INK);
  for (const r of runs) {
    doc.font(faceName(r.face, weight)).fontSize(size);
    doc.text(r.text, x, o.y, { lineBreak: false, baseline: 'alphabetic' });
    x += doc.widthOfString(r.text);
  }
  return size;
}

/** Splits a long line into at most `lines` lines at spaces, each within `maxWidth` at `size` (roughly). */
function wrap(doc: PDFKit.PDFDocument, text: string, size: number, weight: Weight, maxWidth: number): string[] {
  const width = (s: string) =>
    runsOf(s).reduce((sum, r) => sum + doc.font(faceName(r.face, weight)).fontSize(size).widthOfString(r.text), 0);
  if (width(text) <= maxWidth) return [text];
  const words = text.split(/\s+/);
  const out: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (line && width(next) > maxWidth) {
      out.push(line);
      line = w;
    } else line = next;
  }
  if (line) out.push(line);
  // At most two lines: the rest joins the second, which drawLine shrinks to fit.
  return out.length <= 2 ? out : [out[0]!, out.slice(1).join(' ')];
}

const faceName = (face: FontFace, weight: Weight) => `${face}-${weight}`;

/** A score in the language's own digits where it uses them (Marathi), as the date is. */
const percent = (n: number, language: Language) =>
  new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : `${language}-IN`).format(n);

const hex = (c: string) => (/^[0-9A-Fa-f]{6}$/.test(c) ? `#${c}` : '#1F6FEB');

/** The certificate as a one-page PDF (A4 landscape). */
export async function renderCertificatePdf(c: CertificateContent): Promise<Buffer> {
  const t = CERTIFICATE_TEXTS[c.language];
  const brand = hex(c.color);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${t.title} — ${c.courseTitle}`, Author: c.company, Subject: c.learnerName },
    lang: c.language,
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const face of FONT_FACES)
    for (const weight of [400, 700] as const) doc.registerFont(faceName(face, weight), fontBuffer(face, weight));

  // Frame: a band of the workspace's colour along the top, a thin border in it around the page.
  doc.rect(0, 0, W, 14).fill(brand);
  doc
    .lineWidth(1.5)
    .rect(MARGIN / 2, MARGIN / 2 + 8, W - MARGIN, H - MARGIN - 8)
    .stroke(brand);

  // Logo (or the company's name), top left.
  let logoDrawn = false;
  if (c.logo) {
    try {
      doc.image(c.logo, MARGIN + 8, MARGIN + 8, { fit: [180, 56] });
      logoDrawn = true;
    } catch {
      // An image pdfkit cannot read (WebP): the name instead.
    }
  }
  if (logoDrawn) drawLine(doc, c.company, { y: MARGIN + 82, size: 10, color: MUTED, x: MARGIN + 8, maxWidth: 360 });
  else drawLine(doc, c.company, { y: MARGIN + 40, size: 18, weight: 700, color: brand, x: MARGIN + 8, maxWidth: 360 });

  const inner = W - 2 * (MARGIN + 48);
  drawLine(doc, t.title, { y: 150, size: 34, weight: 700, color: brand });
  drawLine(doc, t.certifies, { y: 200, size: 15, color: MUTED });
  drawLine(doc, c.learnerName, { y: 250, size: 30, weight: 700 });
  doc
    .moveTo(W / 2 - 200, 262)
    .lineTo(W / 2 + 200, 262)
    .lineWidth(0.75)
    .stroke(brand);
  drawLine(doc, t.completed, { y: 295, size: 15, color: MUTED });
  const titleLines = wrap(doc, c.courseTitle, 24, 700, inner);
  let y = 338;
  for (const line of titleLines) {
    drawLine(doc, line, { y, size: titleLines.length > 1 ? 20 : 24, weight: 700 });
    y += titleLines.length > 1 ? 28 : 32;
  }
  drawLine(doc, t.on(c.date), { y: y + 8, size: 15, color: MUTED });
  if (c.score !== null) drawLine(doc, t.score(percent(c.score, c.language)), { y: y + 34, size: 15, color: MUTED });

  // Bottom: the verification code and address (left), a QR code of the address (right), the company.
  const bottom = H - MARGIN - 20;
  drawLine(doc, `${t.code}: ${c.code}`, { y: bottom - 40, size: 12, weight: 700, x: MARGIN + 12, maxWidth: 520 });
  drawLine(doc, t.checkAt, { y: bottom - 22, size: 10, color: MUTED, x: MARGIN + 12, maxWidth: 520 });
  drawLine(doc, c.verifyUrl, { y: bottom - 6, size: 10, color: brand, x: MARGIN + 12, maxWidth: 560, minSize: 6 });
  drawQr(doc, c.verifyUrl, W - MARGIN - 12 - 84, bottom - 84 + 4, 84);
  doc.link(MARGIN + 12, bottom - 16, 360, 14, c.verifyUrl);

  doc.end();
  return done;
}

/** A QR code of `text` drawn as vector squares, `size` points wide, at (x, y). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  doc.fillColor('#000000');
  for (let r = 0; r < n; r++)
    for (let col = 0; col < n; col++) if (qr.modules.get(r, col)) doc.rect(x + col * cell, y + r * cell, cell, cell);
  doc.fill();
  doc.link(x, y, size, size, text);
}
