import { describe, expect, it } from 'vitest';
import { toLearnerBlocks } from './learner-view.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('the learner view of a lesson', () => {
  const rows = [
    { id: A, stableId: A, type: 'TEXT', position: 0, settings: {} },
    { id: B, stableId: B, type: 'VIDEO', position: 1, settings: {} },
  ];
  const texts = [
    { entityId: A, language: 'en', body: { html: '<p>Hello</p>' }, complete: true },
    { entityId: A, language: 'hi', body: { html: '<p>नमस्ते</p>' }, complete: true },
    {
      entityId: B,
      language: 'en',
      body: { title: 'Intro', fileKey: 'ws/lms/x.mp4', captionsKey: 'ws/lms/x.vtt' },
      complete: true,
    },
    // Incomplete in Hindi (no file): the English one is shown, marked.
    { entityId: B, language: 'hi', body: { title: 'परिचय' }, complete: false },
  ];

  it('shows the language asked for, falling back to the primary per block, marked', () => {
    const blocks = toLearnerBlocks(rows, texts, 'hi', 'en');
    expect(blocks[0]).toMatchObject({ language: 'hi', fallback: false, body: { html: '<p>नमस्ते</p>' } });
    expect(blocks[1]).toMatchObject({ language: 'en', fallback: true, body: { title: 'Intro', hasFile: true } });
    expect(blocks[1]?.fileUrl).toBe(`/lms/api/lesson-content/file/${B}?language=en`);
    expect(blocks[1]?.captionsUrl).toBe(`/lms/api/lesson-content/file/${B}?language=en&captions=true`);
  });

  it('never carries storage keys or completeness', () => {
    const json = JSON.stringify(toLearnerBlocks(rows, texts, 'en', 'en'));
    expect(json).not.toContain('ws/lms/');
    expect(json).not.toContain('fileKey');
    expect(json).not.toContain('complete');
  });
});
