/** Kinds of files, media and content (spec 01 §3, spec 02 §9). */
import { z } from 'zod';
import { EventCodeSchema, FileNameSchema } from './common.ts';

/** File types the provider stores per event. */
export const FILE_TYPES = [
  'poster',
  'banner',
  'email_assets',
  'slides_images',
  'admin_portal_help',
  'mini_map',
  'user_manual',
  'store_thumbnail',
  'sso_button',
] as const;
/** A file type. */
export const FileTypeSchema = z.enum(FILE_TYPES, {
  error: `File type must be one of ${FILE_TYPES.join(', ')}`,
});
export type FileType = z.infer<typeof FileTypeSchema>;

/** Media types. */
export const MEDIA_TYPES = ['stream', 'video', 'audio'] as const;
/** A media type. */
export const MediaTypeSchema = z.enum(MEDIA_TYPES, { error: 'Media type must be stream, video or audio' });
export type MediaType = z.infer<typeof MediaTypeSchema>;

/** Content kinds of a room. */
export const CONTENT_KINDS = ['files', 'objects', 'texture', 'slides'] as const;
/** A content kind. */
export const ContentKindSchema = z.enum(CONTENT_KINDS, {
  error: 'Content kind must be files, objects, texture or slides',
});
export type ContentKind = z.infer<typeof ContentKindSchema>;

/** How a file is named: its type, its event and its file name (spec 01 §7 "fetched by type, event_code and filename"). */
export const FileRefSchema = z.object({
  type: FileTypeSchema,
  event_code: EventCodeSchema,
  filename: FileNameSchema,
});
export type FileRef = z.infer<typeof FileRefSchema>;

/** A stored file's description. */
export const StoredFileSchema = FileRefSchema.extend({
  content_type: z.string().max(200),
  size: z.number().int().nonnegative(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

/** The answer of an upload. */
export const UploadResultSchema = z.object({ message: z.string(), files: z.array(StoredFileSchema) });
export type UploadResult = z.infer<typeof UploadResultSchema>;
