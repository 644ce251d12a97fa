/**
 * Checks recorded answers against the OpenAPI document: the document must pass swagger-parser's validator,
 * and each answer must match its operation's response (status, content type, and the JSON schema of the body,
 * checked with Ajv for JSON Schema 2020-12).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { buildOpenApiDocument, operationId } from '../src/openapi/document.ts';
import type { Recording } from './harness.ts';

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Json }>; headers?: Json }>;
}

let prepared: Promise<Map<string, Operation>> | undefined;

/**
 * Indexes the document's operations by operationId, references resolved. The document itself passes
 * swagger-parser's validator in app.test.ts (`validateDocument`): once is enough, it is built by the same code.
 */
export function loadOperations(): Promise<Map<string, Operation>> {
  prepared ??= (async () => {
    const document = buildOpenApiDocument();
    const dereferenced = (await SwaggerParser.dereference(structuredClone(document) as never)) as unknown as {
      paths: Record<string, Record<string, Operation & { operationId: string }>>;
    };
    const operations = new Map<string, Operation>();
    for (const item of Object.values(dereferenced.paths))
      for (const op of Object.values(item)) operations.set(op.operationId, op);
    return operations;
  })();
  return prepared;
}

/** Runs swagger-parser's validator on a document (a copy: the parser resolves references in place). */
export async function validateDocument(document: unknown): Promise<void> {
  await SwaggerParser.validate(structuredClone(document) as never);
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const compiled = new WeakMap<Json, ValidateFunction>();

/** Problems of the recordings against the document: empty when every answer matches. */
export async function checkRecordings(recordings: readonly Recording[]): Promise<string[]> {
  const operations = await loadOperations();
  const problems: string[] = [];
  for (const r of recordings) {
    const where = `${r.service}.${r.name} ${r.method} ${r.url} -> ${r.status}`;
    const op = operations.get(operationId(r.service, r.name));
    if (!op) {
      problems.push(`${where}: no operation in the document`);
      continue;
    }
    const response = op.responses[String(r.status)] ?? op.responses.default;
    if (!response) {
      problems.push(`${where}: status not documented`);
      continue;
    }
    if (r.status === 302) {
      if (!response.headers || typeof r.headers.location !== 'string')
        problems.push(`${where}: redirect without Location`);
      continue;
    }
    const mediaType = r.contentType.split(';')[0]?.trim() ?? '';
    const content = response.content?.[mediaType];
    if (!content) {
      problems.push(
        `${where}: content type ${mediaType} not documented (${Object.keys(response.content ?? {}).join(', ')})`,
      );
      continue;
    }
    if (mediaType !== 'application/json' || !content.schema) continue;
    let validate = compiled.get(content.schema);
    if (!validate) {
      validate = ajv.compile(content.schema);
      compiled.set(content.schema, validate);
    }
    if (!validate(r.body)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  }
  return problems;
}
