/**
 * The business card service's calls (spec 01 §7 "Business cards", spec 02 §7).
 * Result shapes the spec does not list (spec 01 §7: "Result shapes not listed here are not shown") are
 * chosen here once; notable choices carry a "Not shown in the spec" comment.
 */
import { z } from 'zod';
import { MessageSchema } from '../entities/provider-answer.ts';
import {
  BusinessCardInfoSchema,
  BusinessCardListSchema,
  BusinessCardRequestSchema,
  BusinessCardSchema,
  BusinessCardUpdateSchema,
  IdParamSchema,
  OwnCardUpdateSchema,
} from '../entities/index.ts';
import { CsvTextSchema, IdParamsSchema, errorResponses } from './shared.ts';
import type { RestCall } from './types.ts';
import { URL_CALLS } from './url-calls.ts';

/** Calls of the business card service. */
export const businesscardCalls = {
  requestCard: {
    service: 'businesscard',
    method: 'POST',
    path: '/businesscard',
    body: BusinessCardRequestSchema,
    // Not shown in the spec: answers the card info of the new (pending) request.
    responses: { 200: BusinessCardInfoSchema, ...errorResponses(400, 401, 403, 404, 409) },
    auth: 'user',
    summary: "Ask for another user's business card",
  },
  getCardInfo: {
    service: 'businesscard',
    method: 'GET',
    path: '/businesscard/of/:ofId/to/:toId',
    params: z.object({ ofId: IdParamSchema, toId: IdParamSchema }),
    responses: { 200: BusinessCardInfoSchema, ...errorResponses(400, 401, 403) },
    auth: 'user',
    idempotent: true,
    summary: "Whether user ofId's card is approved for user toId",
  },
  updateCard: {
    service: 'businesscard',
    method: 'PATCH',
    path: '/businesscard/:id',
    params: IdParamsSchema,
    body: BusinessCardUpdateSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    summary: 'Approve, deny or annotate a business card',
  },
  updateOwnCard: {
    service: 'businesscard',
    method: 'PATCH',
    path: '/businesscard/of/:id',
    params: IdParamsSchema,
    body: OwnCardUpdateSchema,
    // Not shown in the spec: edits the card of user {id} (the caller) and answers it.
    responses: { 200: BusinessCardSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    summary: "Edit the caller's own card fields",
  },
  deleteCard: {
    service: 'businesscard',
    method: 'DELETE',
    path: '/businesscard/:id',
    params: IdParamsSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'Delete a business card from the caller’s list',
  },
  getUserCards: {
    service: 'businesscard',
    method: 'GET',
    path: '/businesscards/user/:id',
    params: IdParamsSchema,
    responses: { 200: BusinessCardListSchema, ...errorResponses(400, 401, 403) },
    auth: 'user',
    idempotent: true,
    summary: 'All business cards a user holds',
  },
  exportCards: {
    ...URL_CALLS.businesscard.exportCards,
    params: IdParamsSchema,
    responses: { 200: CsvTextSchema, ...errorResponses(400, 401, 403) },
    auth: 'user',
    answer: 'csv',
    idempotent: true,
    summary: "Download a user's business cards as CSV",
  },
} as const satisfies Record<string, RestCall>;
