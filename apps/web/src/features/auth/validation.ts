// The auth forms' field rules, from the same contracts schemas the gateway validates with; the texts shown
// are the i18n catalogue's (whose English equals the spec's).
import {
  AccessCodeSchema,
  LoginEmailSchema,
  LoginEventCodeSchema,
  LoginPasswordSchema,
  NewPasswordSchema,
} from '@showfloor/contracts';

export const isValidEmail = (value: string): boolean => LoginEmailSchema.safeParse(value).success;
export const isValidPassword = (value: string): boolean => LoginPasswordSchema.safeParse(value).success;
export const isValidEventCode = (value: string): boolean => LoginEventCodeSchema.safeParse(value).success;
export const isValidNewPassword = (value: string): boolean => NewPasswordSchema.safeParse(value).success;
export const isValidAccessCode = (value: string): boolean => AccessCodeSchema.safeParse(value).success;
