import { describe, expect, it } from 'vitest';
import { PlayTracker } from './video-recorder.ts';

describe('PlayTracker', () => {
  it('sends played segments, never the part skipped by a seek', () => {
    const t = new PlayTracker(() => 100);
    expect(t.play(0)).toEqual({ duration: 100, position: 0, from: 0, to: 0 });
    t.progress(3);
    expect(t.flush(5)).toEqual({ duration: 100, position: 5, from: 0, to: 5 });
    t.progress(7);
    // A jump from 7 to 80: the segment closes at 7.
    expect(t.seek(80)).toEqual({ duration: 100, position: 80, from: 5, to: 7 });
    t.progress(84);
    expect(t.stop(85)).toEqual({ duration: 100, position: 85, from: 80, to: 85 });
    // Paused: nothing more is sent.
    expect(t.flush(90)).toBeNull();
  });

  it('a seek backwards does not count the seconds between', () => {
    const t = new PlayTracker(() => 60);
    t.play(30);
    t.progress(35);
    expect(t.seek(10)).toEqual({ duration: 60, position: 10, from: 30, to: 35 });
    expect(t.flush(15)).toEqual({ duration: 60, position: 15, from: 10, to: 15 });
  });
});
