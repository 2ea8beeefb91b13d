import { createCanvas } from '@napi-rs/canvas';

/**
 * Renders page 1 of a PDF to a PNG with pdf.js on a Skia canvas (both from npm; no system
 * packages), and answers the page's text and the share of pixels that are not white.
 */
export async function pdfToImage(
  pdf: Buffer,
  scale = 1.5,
): Promise<{ png: Buffer; text: string; inked: number; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvasContext: ctx as unknown as CanvasRenderingContext2D,
      viewport,
      canvas: canvas as unknown as HTMLCanvasElement,
    }).promise;
    const content = await page.getTextContent();
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240) inked++;
    return { png: await canvas.encode('png'), text, inked: inked / (data.length / 4), pages: doc.numPages };
  } finally {
    await task.destroy();
  }
}
