import { z } from 'zod';
import { ZLanguage, ZUuid } from '../common.ts';

/** SCORM packages (docs/learning-design.md §1.7, §4): import, status, launch, and the player's messages. */

export const ZScormStandard = z.enum(['SCORM_12', 'SCORM_2004']);
export type TScormStandard = z.infer<typeof ZScormStandard>;
export const ZScormStatus = z.enum(['PROCESSING', 'READY', 'FAILED']);
export type TScormStatus = z.infer<typeof ZScormStatus>;

/** Why a package is refused (`params.reason` of SCORM_INVALID, and `failureCode` of a FAILED package). */
export const SCORM_REFUSALS = [
  'NO_MANIFEST',
  'BAD_MANIFEST',
  'TOO_MANY_ENTRIES',
  'TOO_LARGE_INFLATED',
  'BAD_PATH',
  'DUPLICATE_PATH',
  'UNSUPPORTED_COMPRESSION',
  'MISSING_RESOURCE',
  'DAMAGED_ARCHIVE',
] as const;
export const ZScormRefusal = z.enum(SCORM_REFUSALS);
export type TScormRefusal = z.infer<typeof ZScormRefusal>;

/** Largest SCORM zip accepted, in bytes (200 MB). */
export const SCORM_MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/** The multipart fields of an import besides `file`. */
export const ZScormImportFields = z.object({
  /** Add the package as an item of this course's draft; without it a new course is made. */
  courseId: ZUuid.optional(),
  /** The language of the new course (and the item's title); default English. */
  language: ZLanguage.optional(),
});

export const ZScormImportResult = z.object({
  packageId: ZUuid,
  courseId: ZUuid,
  itemId: ZUuid,
  status: ZScormStatus,
});
export type TScormImportResult = z.infer<typeof ZScormImportResult>;

export const ZScormSco = z.object({
  identifier: z.string(),
  title: z.string(),
  href: z.string(),
  masteryScore: z.number().optional(),
});

export const ZScormManifest = z.object({
  identifier: z.string(),
  title: z.string(),
  organisation: z.string(),
  scos: z.array(ZScormSco),
  launchHref: z.string(),
});
export type TScormManifest = z.infer<typeof ZScormManifest>;

export const ZScormPackage = z.object({
  id: ZUuid,
  courseId: ZUuid,
  itemId: ZUuid.nullable(),
  standard: ZScormStandard.nullable(),
  status: ZScormStatus,
  failureCode: z.string().nullable(),
  sourceName: z.string(),
  manifest: ZScormManifest.nullable(),
  fileCount: z.number().int().nullable(),
  inflatedBytes: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TScormPackage = z.infer<typeof ZScormPackage>;

export const ZScormPackageParams = z.object({ packageId: ZUuid });

export const ZScormLaunchRequest = z.object({
  /** The origin of the page that embeds the player (must be the request's own origin). */
  parentOrigin: z.string().max(300),
});
export const ZScormLaunchResult = z.object({
  /** The player page on the content origin (absolute URL). */
  playerUrl: z.string(),
  /** The content origin: the only origin whose messages the app accepts. */
  contentOrigin: z.string(),
  expiresAt: z.string(),
});
export type TScormLaunchResult = z.infer<typeof ZScormLaunchResult>;

const cmiValue = z.union([z.string(), z.number()]).transform(String);
const ZScore = z
  .object({ raw: cmiValue.optional(), min: cmiValue.optional(), max: cmiValue.optional(), scaled: cmiValue.optional() })
  .partial();

/** What the player posts to its parent on every commit: the CMI data model as scorm-again renders it (the fields the app reads). */
export const ZScormCommitMessage = z.discriminatedUnion('standard', [
  z.object({
    type: z.literal('scorm.commit'),
    standard: z.literal('SCORM_12'),
    cmi: z
      .object({
        core: z.object({ lesson_status: z.string().max(50), score: ZScore.optional() }).loose(),
        suspend_data: z.string().max(64_000).optional(),
      })
      .loose(),
  }),
  z.object({
    type: z.literal('scorm.commit'),
    standard: z.literal('SCORM_2004'),
    cmi: z
      .object({
        completion_status: z.string().max(50),
        success_status: z.string().max(50).optional(),
        score: ZScore.optional(),
        suspend_data: z.string().max(64_000).optional(),
      })
      .loose(),
  }),
]);
export type TScormCommitMessage = z.infer<typeof ZScormCommitMessage>;

/** The learner's result as the app shows it, from either standard's commit. */
export function scormResultOf(message: TScormCommitMessage): {
  status: string;
  score: string | null;
  suspendData: string;
} {
  if (message.standard === 'SCORM_12') {
    return {
      status: message.cmi.core.lesson_status,
      score: message.cmi.core.score?.raw || null,
      suspendData: message.cmi.suspend_data ?? '',
    };
  }
  return {
    status: message.cmi.completion_status,
    score:
      message.cmi.score?.raw || (message.cmi.score?.scaled ? String(Number(message.cmi.score.scaled) * 100) : null),
    suspendData: message.cmi.suspend_data ?? '',
  };
}
