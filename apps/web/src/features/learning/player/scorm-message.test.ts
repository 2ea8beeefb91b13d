import { describe, expect, it } from 'vitest';
import { scormResultFrom } from './scorm-message.ts';

const origin = 'http://scorm.localhost:3000';
const frame = {} as MessageEventSource;
const otherFrame = {} as MessageEventSource;
const commit12 = {
  type: 'scorm.commit',
  standard: 'SCORM_12',
  cmi: { core: { lesson_status: 'completed', score: { raw: '80', min: '0' } }, suspend_data: 'page=2', extra: 1 },
};
const commit2004 = {
  type: 'scorm.commit',
  standard: 'SCORM_2004',
  cmi: { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.8' }, suspend_data: 'page=2' },
};

describe('messages of the SCORM player', () => {
  it('takes a SCORM 1.2 and a 2004 commit from the content origin and its own frame', () => {
    expect(scormResultFrom({ origin, source: frame, data: commit12 }, origin, frame)).toEqual({
      status: 'completed',
      score: '80',
      suspendData: 'page=2',
    });
    expect(scormResultFrom({ origin, source: frame, data: commit2004 }, origin, frame)).toEqual({
      status: 'completed',
      score: '80',
      suspendData: 'page=2',
    });
  });

  it('ignores another origin, another frame, no frame, and malformed data', () => {
    expect(
      scormResultFrom({ origin: 'http://acme.localhost:3000', source: frame, data: commit12 }, origin, frame),
    ).toBeNull();
    expect(scormResultFrom({ origin, source: otherFrame, data: commit12 }, origin, frame)).toBeNull();
    expect(scormResultFrom({ origin, source: null, data: commit12 }, origin, null)).toBeNull();
    for (const data of [
      null,
      'scorm.commit',
      { ...commit12, type: 'other' },
      { ...commit12, standard: 'SCORM_3' },
      { ...commit12, cmi: { core: {} } },
      { ...commit12, cmi: { core: { lesson_status: 'x'.repeat(51) } } },
      { ...commit2004, cmi: { ...commit2004.cmi, suspend_data: 'x'.repeat(64_001) } },
    ]) {
      expect(scormResultFrom({ origin, source: frame, data }, origin, frame)).toBeNull();
    }
  });
});
