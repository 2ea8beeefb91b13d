import { VIDEO_HEARTBEAT_SECONDS } from '@app/contract';

/** One heartbeat: where playback is, and the segment [from, to) played since the previous one. */
export type TBeat = { duration: number; position: number; from: number; to: number };

/**
 * What was played, as segments (docs/learning-design.md §7): a segment starts where playback
 * (re)starts and ends at each heartbeat, pause, end or seek. A seek closes the segment at the last
 * time played before it, so the skipped part is never sent as played (the server also counts no more
 * than the clock allows). Pure: the DOM wiring is `recordVideo`.
 */
export class PlayTracker {
  private start: number | null = null;
  private last = 0;
  private readonly duration: () => number;

  constructor(duration: () => number) {
    this.duration = duration;
  }

  /** Playback (re)started at `at`: a beat that counts nothing and starts the server's clock. */
  play(at: number): TBeat {
    this.start = at;
    this.last = at;
    return this.beat(at, at, at);
  }

  /** Playback moved on normally to `at`. */
  progress(at: number): void {
    if (this.start !== null && at >= this.last) this.last = at;
  }

  /** A heartbeat while playing (or at a pause or the end): the segment so far. */
  flush(at: number): TBeat | null {
    if (this.start === null) return null;
    this.progress(at);
    const beat = this.beat(this.last, this.start, this.last);
    this.start = this.last;
    return beat;
  }

  /** A seek: the segment closes at the last time played; playing goes on from `to`. */
  seek(to: number): TBeat | null {
    const closed = this.start === null ? null : this.beat(to, this.start, this.last);
    if (this.start !== null) {
      this.start = to;
      this.last = to;
    }
    return closed;
  }

  stop(at: number): TBeat | null {
    const beat = this.flush(at);
    this.start = null;
    return beat;
  }

  private beat(position: number, from: number, to: number): TBeat {
    const duration = Math.max(1, this.duration());
    const clip = (n: number) => Math.min(Math.max(0, n), duration);
    return { duration, position: clip(position), from: clip(from), to: clip(Math.max(from, to)) };
  }
}

/**
 * Records a `<video>`: resumes at `resumeAt`, sends a heartbeat every `VIDEO_HEARTBEAT_SECONDS`
 * while playing and at play, pause, seek and end. Answers the function that detaches it.
 */
export function recordVideo(video: HTMLVideoElement, resumeAt: number, send: (beat: TBeat) => void): () => void {
  const tracker = new PlayTracker(() => (Number.isFinite(video.duration) ? video.duration : 0));
  let timer: ReturnType<typeof setInterval> | null = null;
  const emit = (beat: TBeat | null) => {
    if (beat && beat.duration >= 1) send(beat);
  };
  const resume = () => {
    if (resumeAt > 0 && resumeAt < video.duration - 1 && video.currentTime < 1) video.currentTime = resumeAt;
  };
  const onPlay = () => {
    emit(tracker.play(video.currentTime));
    if (timer === null)
      timer = setInterval(() => emit(tracker.flush(video.currentTime)), VIDEO_HEARTBEAT_SECONDS * 1000);
  };
  const onTime = () => tracker.progress(video.currentTime);
  const onSeeking = () => emit(tracker.seek(video.currentTime));
  const onStop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    emit(tracker.stop(video.currentTime));
  };
  if (video.readyState >= 1) resume();
  video.addEventListener('loadedmetadata', resume);
  video.addEventListener('play', onPlay);
  video.addEventListener('timeupdate', onTime);
  video.addEventListener('seeking', onSeeking);
  video.addEventListener('pause', onStop);
  video.addEventListener('ended', onStop);
  return () => {
    onStop();
    video.removeEventListener('loadedmetadata', resume);
    video.removeEventListener('play', onPlay);
    video.removeEventListener('timeupdate', onTime);
    video.removeEventListener('seeking', onSeeking);
    video.removeEventListener('pause', onStop);
    video.removeEventListener('ended', onStop);
  };
}
