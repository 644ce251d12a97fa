/**
 * The OpenAPI 3.1 document of the provider, generated from the same catalogue schemas the routes validate
 * with (zod 4 -> JSON Schema draft 2020-12), and a small self-contained HTML page listing the operations.
 */
import { ProviderErrorSchema, callPath, listCalls, successStatus, type RestCall } from '@showfloor/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const ERROR_REF = { $ref: '#/components/schemas/ProviderError' };
const STATUS_TEXT: Record<string, string> = {
  '200': 'Success',
  '201': 'Created',
  '302': 'Redirect',
  '400': 'Bad request (validation or rule)',
  '401': 'Missing, invalid or revoked token (error_code 401.1), or sign-in refused',
  '403': 'Not allowed',
  '404': 'Not found',
  '409': 'Conflict',
  '413': 'Body too large',
  '429': 'Too many requests',
};

/** The `{name}` form of a `:name` path. */
export const openApiPath = (call: RestCall): string =>
  callPath(call).replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** The operationId of a catalogue entry. */
export const operationId = (service: string, name: string): string => `${service}_${name}`;

function parameters(call: RestCall): JsonSchema[] {
  const result: JsonSchema[] = [];
  for (const location of ['path', 'query'] as const) {
    const schema = location === 'path' ? call.params : call.query;
    if (!schema) continue;
    const object = jsonSchema(schema, 'input');
    const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      result.push({
        name,
        in: location,
        required: location === 'path' ? true : required.has(name),
        schema: property,
      });
    }
  }
  return result;
}

function successContent(call: RestCall, schema: z.ZodType): JsonSchema | undefined {
  const kind = call.answer ?? 'json';
  if (kind === 'redirect') return undefined;
  if (kind === 'file') {
    const binary = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
    return { 'image/png': binary, 'application/pdf': binary, 'application/octet-stream': binary };
  }
  if (kind === 'csv') return { 'text/csv': { schema: { type: 'string' } } };
  return { 'application/json': { schema: jsonSchema(schema, 'output') } };
}

function operation(service: string, name: string, call: RestCall): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  const success = successStatus(call);
  for (const [status, schema] of Object.entries(call.responses) as Array<[string, z.ZodType]>) {
    const description = STATUS_TEXT[status] ?? 'Answer';
    if (Number(status) === success) {
      const content = successContent(call, schema);
      responses[status] = {
        description,
        ...(content ? { content } : {}),
        ...(call.answer === 'redirect'
          ? {
              headers: {
                Location: { description: 'Where the browser goes next', schema: { type: 'string' } },
              },
            }
          : {}),
      };
    } else {
      responses[status] = { description, content: { 'application/json': { schema: ERROR_REF } } };
    }
  }
  // Every call may also answer a plain error (malformed JSON, 413, 415 ...).
  responses.default = { description: 'Error', content: { 'application/json': { schema: ERROR_REF } } };
  const op: JsonSchema = {
    operationId: operationId(service, name),
    tags: [service],
    summary: call.summary,
    description: `auth: ${call.auth}${call.idempotent ? '; idempotent' : ''}`,
    parameters: parameters(call),
    responses,
  };
  if (call.auth !== 'public') op.security = [{ bearerAuth: [] }];
  if (call.multipart) {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: ['file'],
          },
        },
      },
    };
  } else if (call.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(call.body, 'input') } },
    };
  }
  return op;
}

/** Builds the document (OpenAPI 3.1.0) from the contracts catalogue. */
export function buildOpenApiDocument(options: { publicUrl?: string } = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { service, name, call } of listCalls()) {
    const path = openApiPath(call);
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = operation(service, name, call);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Showfloor mock provider',
      version: '1.0.0',
      description:
        'The event platform backend as the Showfloor mock provider implements it: every call of the contracts catalogue.',
    },
    servers: [{ url: options.publicUrl ?? '/' }],
    tags: [...new Set(listCalls().map((e) => e.service))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ProviderError: jsonSchema(ProviderErrorSchema, 'output') },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A browsable list of the operations, self-contained (no scripts, no external assets). */
export function renderDocsPage(): string {
  const rows = listCalls()
    .map(
      ({ service, name, call }) =>
        `<tr><td>${escapeHtml(service)}</td><td class="m ${call.method.toLowerCase()}">${call.method}</td>` +
        `<td><code>${escapeHtml(callPath(call))}</code></td><td>${escapeHtml(name)}</td>` +
        `<td>${escapeHtml(call.auth)}</td><td>${escapeHtml(call.summary)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Showfloor mock provider API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#212529}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #dee2e6;padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#f1f3f5}.m{font-weight:700}.get{color:#2b8a3e}.post{color:#1c7ed6}.patch{color:#e67700}.put{color:#7048e8}.delete{color:#c92a2a}
code{font-size:.9em}
</style></head><body>
<h1>Showfloor mock provider API</h1>
<p>${listCalls().length} operations. Machine-readable document: <a href="/api/docs/json">/api/docs/json</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>Service</th><th>Method</th><th>Path</th><th>Call</th><th>Auth</th><th>Summary</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`;
}
