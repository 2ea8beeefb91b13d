import type { Config } from './core/config.ts';
import { DEMO_PASSWORD } from './seed/demo.ts';

/** Whether the development mailbox (`/dev/*`) is served: everywhere but production. */
export const devMailboxOn = (config: Pick<Config, 'env'>) => config.env !== 'production';

/**
 * The start-up warning, boxed so that it cannot be missed, whenever this server runs with demo data
 * (published passwords, a platform operator among them) or with the development mailbox (every
 * workspace's sign-in codes readable from this machine). Empty when neither is on.
 */
export function startWarnings(config: Pick<Config, 'env' | 'demoData' | 'platformHost'>): string[] {
  const body: string[] = [];
  if (config.demoData) {
    body.push(
      `DEMO DATA IS ON: the demo accounts below share the published password ${DEMO_PASSWORD},`,
      'and one of them (operator@platform.test) is a PLATFORM OPERATOR who can manage every',
      'workspace. Anyone who can reach this server can sign in as them.',
      'Never expose it: set DEMO_DATA=false (and start from an empty database), or NODE_ENV=production.',
    );
  }
  if (devMailboxOn(config)) {
    if (body.length > 0) body.push('');
    body.push(
      `THE DEV MAILBOX IS ON (NODE_ENV=${config.env}): every mail and text message, with the sign-in`,
      `codes and links of every workspace, is readable at http://${config.platformHost}/dev/mailbox`,
      'by anyone on THIS machine (loopback address, platform host); other clients get 404.',
      'Set NODE_ENV=production to turn it off.',
    );
  }
  if (body.length === 0) return [];
  return boxed(['WARNING: NOT SAFE TO EXPOSE', '', ...body]);
}

/** `lines` in a box of `!` characters. */
function boxed(lines: string[]): string[] {
  const width = Math.max(...lines.map((l) => l.length));
  const edge = `  ${'!'.repeat(width + 6)}`;
  return [edge, ...lines.map((l) => `  !! ${l.padEnd(width)} !!`), edge];
}
