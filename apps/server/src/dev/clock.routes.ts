import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { isTestClock } from '../core/clock.ts';

/** One of: stop the clock at `now`, move it by `advanceMs`, or let it follow the real time again. */
const ClockRequest = z.union([
  z.object({ now: z.iso.datetime({ offset: true }) }).strict(),
  z
    .object({
      advanceMs: z
        .number()
        .int()
        .min(-366 * 86_400_000)
        .max(366 * 86_400_000),
    })
    .strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);

/**
 * Tests only (registered when the server runs on a test clock: NODE_ENV=test or TEST_CLOCK=1, never
 * in production; elsewhere the path answers 404 like any unknown one): `GET /dev/clock` reads the
 * server's clock, `POST /dev/clock` sets it (`{ now }`), advances it (`{ advanceMs }`) or resets it to
 * the real time (`{ reset: true }`). Browser tests use it to expire an invitation or a session
 * without back-dating rows. See docs/time.md.
 */
export const devClockRoutes: FastifyPluginAsync = async (app) => {
  const clock = app.deps.clock;
  const answer = () => ({ now: clock.now().toISOString(), frozen: isTestClock(clock) && clock.frozen });

  app.get('/clock', { schema: { hide: true } }, async () => answer());

  app.post('/clock', { schema: { hide: true } }, async (req, reply) => {
    if (!isTestClock(clock)) {
      return reply
        .code(409)
        .send({ status: 409, code: 'CLOCK_NOT_CONTROLLABLE', message: 'This server runs on the real clock.' });
    }
    const parsed = ClockRequest.safeParse(req.body);
    if (!parsed.success) {
      return reply.code(400).send({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Send { now: ISO time } or { advanceMs } or { reset: true }.',
      });
    }
    const body = parsed.data;
    if ('now' in body) clock.set(body.now);
    else if ('advanceMs' in body) clock.advance(body.advanceMs);
    else clock.reset();
    return answer();
  });
};
