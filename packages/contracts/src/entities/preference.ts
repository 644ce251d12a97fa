/**
 * Event (and per-user) preferences: every name the spec reads (spec 01 §3, spec 02 §3), the kind of value
 * each takes, and the shapes of the preference calls. Values are yes, no or auto unless the spec notes otherwise.
 */
import { z } from 'zod';
import { PREFERENCE_VALUES } from '../constants.ts';
import { EventCodeSchema, FrontendTypeSchema, IdParamSchema, IdSchema } from './common.ts';
import { OpenHoursSchema } from './event.ts';

/** Feature flags and settings read by the app (spec 01 §3 "Flags read", spec 02 §3). */
export const FLAG_PREFERENCE_NAMES = [
  'room_chat',
  'private_chat',
  'business_cards',
  'calls',
  'room_help',
  'mini_map',
  'exit_survey',
  'exit_survey_url',
  'passport_badges',
  'javascript_monitoring',
  'transition_content',
  'experience_bar',
  'fpv_hand',
  'show_job_title',
  'show_company',
  'background_music',
  'mini_map_at_start',
  'enable_token_wallet',
  'use_invisit_hotspot',
  'hide_camera_toggle',
  'login',
  'help_desk_email',
  'use_event_avatars',
  'user_selected_avatar',
  'hide_profile_picture',
  'voice_reach',
  'achievement_store',
  'achievement_shipping_url',
] as const;

/** Theme values (colours and label styling). */
export const THEME_PREFERENCE_NAMES = [
  'color-ui-primary',
  'color-ui-secondary',
  'color-ui-accent-primary',
  'color-bg-primary',
  'color-bg-secondary',
  'label_background_color',
  'label_dark_background_color',
  'label_font_bold',
  'label_font_color',
  'label_opacity',
] as const;

/** Registration-form settings: visibility, mandatory flag and labels. */
export const REGISTRATION_PREFERENCE_NAMES = [
  'Firstname_Display',
  'Lastname_Display',
  'Firstname_Mandatory',
  'Lastname_Mandatory',
  'Firstname_Label',
  'Lastname_Label',
  'EMail_Label',
  'MainTitle_Label',
] as const;

/** Every preference name of the spec. */
export const PREFERENCE_NAMES = [
  ...FLAG_PREFERENCE_NAMES,
  ...THEME_PREFERENCE_NAMES,
  ...REGISTRATION_PREFERENCE_NAMES,
] as const;
/** A preference name. */
export const PreferenceNameSchema = z.enum(PREFERENCE_NAMES, { error: 'Unknown preference name' });
export type PreferenceName = z.infer<typeof PreferenceNameSchema>;

/** yes / no / auto. */
export const YesNoAutoSchema = z.enum(PREFERENCE_VALUES, { error: 'Value must be yes, no or auto' });
export type YesNoAuto = z.infer<typeof YesNoAutoSchema>;
/** yes / no (registration display and mandatory flags, bold labels). */
export const YesNoSchema = z.enum(['yes', 'no'], { error: 'Value must be yes or no' });

/** A CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() or rgba(). */
export const CssColourSchema = z
  .string()
  .regex(
    /^(#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\))$/,
    'Value must be a CSS colour such as #1a2b3c',
  );

/** A URL or '' (unset). */
const OptionalUrlValueSchema = z.union(
  [z.literal(''), z.url({ protocol: /^https?$/, error: 'Value must be an http(s) URL' })],
  {
    error: 'Value must be an http(s) URL',
  },
);

/** The value of the 'login' preference: the event's open hours. */
export const LoginPreferenceValueSchema = z.object({
  event_open_hours: z.array(OpenHoursSchema),
});
export type LoginPreferenceValue = z.infer<typeof LoginPreferenceValueSchema>;

const labelValue = z.string().max(200, 'Label must be at most 200 characters');

/** The value schema of each preference name. */
export const PREFERENCE_VALUE_SCHEMAS = {
  room_chat: YesNoAutoSchema,
  private_chat: YesNoAutoSchema,
  business_cards: YesNoAutoSchema,
  calls: YesNoAutoSchema,
  room_help: YesNoAutoSchema,
  mini_map: YesNoAutoSchema,
  exit_survey: YesNoAutoSchema,
  exit_survey_url: OptionalUrlValueSchema,
  passport_badges: YesNoAutoSchema,
  javascript_monitoring: YesNoAutoSchema,
  transition_content: z.enum(['yes', 'auto'], { error: 'Value must be yes or auto' }),
  experience_bar: YesNoAutoSchema,
  fpv_hand: YesNoAutoSchema,
  show_job_title: YesNoAutoSchema,
  show_company: YesNoAutoSchema,
  background_music: YesNoAutoSchema,
  mini_map_at_start: YesNoAutoSchema,
  enable_token_wallet: YesNoAutoSchema,
  use_invisit_hotspot: YesNoAutoSchema,
  hide_camera_toggle: YesNoAutoSchema,
  login: LoginPreferenceValueSchema,
  help_desk_email: z.union([z.literal(''), z.email('Value must be an e-mail address')], {
    error: 'Value must be an e-mail address',
  }),
  use_event_avatars: YesNoAutoSchema,
  // Not shown in the spec: at event level a flag; a user's own entry (user_id set) holds the chosen avatar id.
  user_selected_avatar: z.union([YesNoAutoSchema, z.string().regex(/^\d+$/)], {
    error: 'Value must be yes, no, auto or an avatar id',
  }),
  hide_profile_picture: YesNoAutoSchema,
  voice_reach: YesNoAutoSchema,
  achievement_store: YesNoAutoSchema,
  achievement_shipping_url: OptionalUrlValueSchema,
  'color-ui-primary': CssColourSchema,
  'color-ui-secondary': CssColourSchema,
  'color-ui-accent-primary': CssColourSchema,
  'color-bg-primary': CssColourSchema,
  'color-bg-secondary': CssColourSchema,
  label_background_color: CssColourSchema,
  label_dark_background_color: CssColourSchema,
  label_font_bold: YesNoSchema,
  label_font_color: CssColourSchema,
  label_opacity: z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'Value must be a number from 0 to 1'),
  Firstname_Display: YesNoSchema,
  Lastname_Display: YesNoSchema,
  Firstname_Mandatory: YesNoSchema,
  Lastname_Mandatory: YesNoSchema,
  Firstname_Label: labelValue,
  Lastname_Label: labelValue,
  EMail_Label: labelValue,
  MainTitle_Label: labelValue,
} as const satisfies Record<PreferenceName, z.ZodType>;

/** The typed value of preference `N`. */
export type PreferenceValueOf<N extends PreferenceName> = z.infer<(typeof PREFERENCE_VALUE_SCHEMAS)[N]>;

/** Any preference value: a text, or the 'login' object. */
export const PreferenceAnyValueSchema = z.union([z.string().max(2000), LoginPreferenceValueSchema], {
  error: 'Value must be a text or an open-hours object',
});

/** Adds an issue when `value` is not of the kind its `name` takes. */
function checkPreferenceValue(pref: { name: PreferenceName; value: unknown }, ctx: z.RefinementCtx): void {
  const result = PREFERENCE_VALUE_SCHEMAS[pref.name].safeParse(pref.value);
  if (!result.success) {
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        message: `${pref.name}: ${issue.message}`,
        path: ['value', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      });
    }
  }
}

const PreferenceFieldsSchema = z.object({
  name: PreferenceNameSchema,
  value: PreferenceAnyValueSchema,
});

/** A preference as reads return it: `{name, value}`, the value of the kind its name takes. */
export const PreferenceSchema = PreferenceFieldsSchema.superRefine(checkPreferenceValue);
export type Preference = z.infer<typeof PreferenceSchema>;

/** A stored preference: event level (no `user_id`) or one user's own. */
export const PreferenceRecordSchema = PreferenceFieldsSchema.extend({
  id: IdSchema,
  category: z.string().max(100).optional(),
  user_id: IdSchema.optional(),
  event_code: EventCodeSchema,
}).superRefine(checkPreferenceValue);
export type PreferenceRecord = z.infer<typeof PreferenceRecordSchema>;

/** POST event/preference body (spec 02 §3 "Preference post"): value, name, category, user_id, event_code. */
export const PreferencePostSchema = PreferenceFieldsSchema.extend({
  category: z.string().max(100).optional(),
  /** Set for a user's own preference (exit survey answer, avatar choice); absent for the event's. */
  user_id: IdSchema.optional(),
  event_code: EventCodeSchema,
}).superRefine(checkPreferenceValue);
export type PreferencePost = z.infer<typeof PreferencePostSchema>;

/** PATCH event/preference/{id} body. */
export const PreferencePatchSchema = z.object({
  value: PreferenceAnyValueSchema,
  category: z.string().max(100).optional(),
});
export type PreferencePatch = z.infer<typeof PreferencePatchSchema>;

/** Preference query types: every preference, or the ones named. */
export const PREFERENCE_QUERY_TYPES = ['all', 'specific'] as const;

/** GET event/preference query. */
export const PreferenceQuerySchema = z.object({
  type: z.enum(PREFERENCE_QUERY_TYPES, { error: 'type must be all or specific' }),
  /** With type=specific: one name, or several separated by commas. */
  name: z.string().max(2000).optional(),
  category: z.string().max(100).optional(),
  event_code: EventCodeSchema,
  frontend: FrontendTypeSchema.optional(),
  /** A room id: room-level preferences override event-level ones. */
  room: IdParamSchema.optional(),
});
export type PreferenceQuery = z.infer<typeof PreferenceQuerySchema>;

/** The list a preference read answers. */
export const PreferenceListSchema = z.array(PreferenceSchema);
export type PreferenceList = z.infer<typeof PreferenceListSchema>;
