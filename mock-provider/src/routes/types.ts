/**
 * The handler table's types: one handler per catalogue entry, typed from the entry's own schemas, so a
 * handler's input is what the route validated and its answer must fit the call's success shape.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RestCall } from '@showfloor/contracts';
import type { TokenSigner } from '../auth/tokens.ts';
import type { ProviderState } from '../store/state.ts';
import type { Caller } from '../store/types.ts';

/** What handlers share besides the state: the signer and the timing settings. */
export interface ProviderServices {
  tokens: TokenSigner;
  /** Lifetime of a sign-in token and its session. */
  tokenTtlSeconds: number;
  /** Lifetime of an OAuth2 retry token (and of an authorisation code). */
  retryTokenTtlSeconds: number;
}

/** An uploaded multipart file part. */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Bytes with their own content type (images, PDF). */
export interface FileAnswer {
  kind: 'file';
  contentType: string;
  filename: string;
  data: Buffer;
  /** `attachment` asks the browser to save it. @default 'inline' */
  disposition?: 'inline' | 'attachment';
}
/** A `text/csv` download. */
export interface CsvAnswer {
  kind: 'csv';
  filename: string;
  text: string;
}
/** A 302 the browser follows. */
export interface RedirectAnswer {
  kind: 'redirect';
  location: string;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type SuccessSchema<C extends RestCall> = C['responses'] extends { 200: infer S }
  ? S
  : C['responses'] extends { 201: infer S }
    ? S
    : never;

/** What a handler returns for its call: by the call's `answer` kind. */
export type AnswerOf<C extends RestCall> = C['answer'] extends 'file'
  ? FileAnswer
  : C['answer'] extends 'csv'
    ? CsvAnswer
    : C['answer'] extends 'redirect'
      ? RedirectAnswer
      : SuccessSchema<C> extends z.ZodType
        ? z.input<SuccessSchema<C>>
        : unknown;

/** Everything a handler sees. `caller` is set for every non-public call (auth already checked). */
export interface CallContext<C extends RestCall> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
  files: UploadedFile[];
  caller: C['auth'] extends 'public' ? Caller | null : Caller;
  state: ProviderState;
  services: ProviderServices;
  request: FastifyRequest;
}

export type CallHandler<C extends RestCall> = (ctx: CallContext<C>) => AnswerOf<C> | Promise<AnswerOf<C>>;

/** One handler per entry of a service's call record. */
export type HandlerTable<T extends Record<string, RestCall>> = { [K in keyof T]: CallHandler<T[K]> };
