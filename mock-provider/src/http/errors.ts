/**
 * The provider's error answer: a thrown `ProviderHttpError` becomes `{message, error_code?, retry_token?}` with its
 * status. Everything else that escapes a handler is mapped to a JSON error without internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  BACKEND_MESSAGES,
  ERROR_CODES,
  ProviderErrorSchema,
  type ProviderErrorBody,
} from '@showfloor/contracts';

/** An error the provider answers on purpose, with the spec's body. */
export class ProviderHttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Omit<ProviderErrorBody, 'message'> = {},
  ) {
    super(message);
    this.name = 'ProviderHttpError';
  }

  toBody(): ProviderErrorBody {
    return ProviderErrorSchema.parse({ message: this.message, ...this.extra });
  }
}

export const badRequest = (message: string) => new ProviderHttpError(400, message);
export const forbidden = (message: string = BACKEND_MESSAGES.FORBIDDEN) =>
  new ProviderHttpError(403, message);
export const notFound = (what?: string) =>
  new ProviderHttpError(404, what ? `${what} not found.` : BACKEND_MESSAGES.NOT_FOUND);
export const conflict = (message: string) => new ProviderHttpError(409, message);
export const invalidToken = () =>
  new ProviderHttpError(401, BACKEND_MESSAGES.INVALID_TOKEN, { error_code: ERROR_CODES.INVALID_TOKEN });

const JSON_BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but the content type is JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match its content-length.',
  FST_ERR_CTP_BODY_TOO_LARGE: BACKEND_MESSAGES.PAYLOAD_TOO_LARGE,
  FST_REQ_FILE_TOO_LARGE: BACKEND_MESSAGES.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_TYPE: 'Unsupported content type.',
};

/** Installs the JSON error handler and the JSON 404 on a Fastify instance. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ProviderHttpError | Error, request, reply) => {
    if (error instanceof ProviderHttpError) {
      return reply.status(error.statusCode).type('application/json').send(error.toBody());
    }
    const fastifyError = error as FastifyError;
    const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
    if (status >= 400 && status < 500) {
      const known = fastifyError.code ? JSON_BODY_ERRORS[fastifyError.code] : undefined;
      const message =
        known ??
        (error instanceof SyntaxError
          ? 'Request body is not valid JSON.'
          : fastifyError.message || 'Bad request.');
      return reply.status(status).type('application/json').send({ message });
    }
    request.log.error({ err: error }, 'unhandled error in mock provider');
    return reply.status(500).type('application/json').send({ message: BACKEND_MESSAGES.INTERNAL });
  });
  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .type('application/json')
      .send({
        message: `${BACKEND_MESSAGES.NOT_FOUND.slice(0, -1)}: ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}`,
      });
  });
}
