import { scormResultOf, ZScormCommitMessage } from '@app/contract';

export type TScormResult = { status: string; score: string | null; suspendData: string };

/**
 * What the app takes from a message event of the SCORM player: a result only when the message comes
 * from the content origin AND from the player's own frame window, and its `cmi` passes the zod
 * schema; null otherwise (another origin, another frame of that origin, or a malformed message).
 */
export function scormResultFrom(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  contentOrigin: string,
  frameWindow: MessageEventSource | null | undefined,
): TScormResult | null {
  if (event.origin !== contentOrigin || !frameWindow || event.source !== frameWindow) return null;
  const parsed = ZScormCommitMessage.safeParse(event.data);
  return parsed.success ? scormResultOf(parsed.data) : null;
}
