/** Claims of the provider-signed JWT (ES256, `kid` in the header); see TEAM.md "JWT". */
import { z } from 'zod';
import { EventCodeSchema } from './common.ts';
import { RoleSchema } from './role.ts';

/** The issuer every provider token names. */
export const TOKEN_ISSUER = 'showfloor-mock-provider';

/** The verified claims of a token: identity comes only from here. */
export const TokenClaimsSchema = z.object({
  /** The user id as a decimal string. */
  sub: z.string().regex(/^\d+$/, 'sub must be a numeric user id'),
  event_code: EventCodeSchema,
  roles: z.array(RoleSchema),
  /** Session id, for revocation (signout, force_login, deactivation). */
  sid: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
  iss: z.literal(TOKEN_ISSUER),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

/** One public key of the JWKS (EC P-256 for ES256). Extra JWK members are kept. */
export const JwkSchema = z.looseObject({
  kty: z.string().min(1),
  kid: z.string().min(1),
  alg: z.string().optional(),
  use: z.string().optional(),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
});
export type Jwk = z.infer<typeof JwkSchema>;

/** The JSON Web Key Set answered by auth.jwks. */
export const JwksSchema = z.object({ keys: z.array(JwkSchema).min(1, 'A JWKS needs at least one key') });
export type Jwks = z.infer<typeof JwksSchema>;
