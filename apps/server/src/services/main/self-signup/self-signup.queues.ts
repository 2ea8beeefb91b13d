import { z } from 'zod';

/**
 * Self sign-up (issue 23): one job per `POST /api/user/signup`, enqueued whatever the case, which
 * decides (bulk sign-up on, whitelist, membership, user limit) and mails an invitation, a "sign in
 * instead" note, or nothing. The request's answer and work are the same in every case.
 */
export const SELF_SIGNUP_PAYLOADS = {
  'main.self-signup': z.object({
    workspaceId: z.string(),
    /** Lower-cased. */
    email: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    /** The browser's languages, most wanted first (primary subtags of Accept-Language). */
    languages: z.array(z.string()).max(10),
    /** The workspace host's origin the request came to: the links in the mail point there. */
    origin: z.string(),
  }),
} as const;

type SelfSignUpQueues = { [Q in keyof typeof SELF_SIGNUP_PAYLOADS]: z.infer<(typeof SELF_SIGNUP_PAYLOADS)[Q]> };
declare module '../../../core/jobs.ts' {
  interface Queues extends SelfSignUpQueues {}
}
