/** Skills and interests (spec 01 §3, spec 02 §3, §5). */
import { z } from 'zod';
import { MAX_SKILL_LENGTH } from '../constants.ts';
import { PROFILE_ERROR_TEXTS } from '../errors.ts';
import { IdSchema } from './common.ts';

/** Tag types. */
export const TAG_TYPES = ['interest', 'skill'] as const;
/** A tag type. */
export const TagTypeSchema = z.enum(TAG_TYPES, { error: "type must be 'interest' or 'skill'" });
export type TagType = z.infer<typeof TagTypeSchema>;

/** Letters, digits, whitespace and # & + - . @ (spec 02 §5). */
export const TAG_ALLOWED = /^[\p{L}\p{M}\p{N}\s#&+\-.@]*$/u;

/** A skill or interest: non-empty, at most 2000 characters of the allowed set, with the spec's message per type. */
export const TagSchema = z
  .object({
    tag_name: z
      .string()
      .trim()
      .min(1, 'Tag must not be empty')
      .max(MAX_SKILL_LENGTH, `Tag must be at most ${MAX_SKILL_LENGTH} characters`),
    type: TagTypeSchema,
  })
  .superRefine((tag, ctx) => {
    if (!TAG_ALLOWED.test(tag.tag_name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tag_name'],
        message:
          tag.type === 'skill' ? PROFILE_ERROR_TEXTS.SKILL_FORBIDDEN : PROFILE_ERROR_TEXTS.INTEREST_FORBIDDEN,
      });
    }
  });
export type Tag = z.infer<typeof TagSchema>;

/** POST user/tags body: add tags to a user. */
export const TagsCreateSchema = z.object({
  user_id: IdSchema,
  tags: z.array(TagSchema).min(1, 'At least one tag is required').max(100),
});
export type TagsCreate = z.infer<typeof TagsCreateSchema>;
