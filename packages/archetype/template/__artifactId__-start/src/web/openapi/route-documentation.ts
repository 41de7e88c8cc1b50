/** An OpenAPI 3.1 Response Object (`description`, `content` by media type); a schema may be a zod schema. */
export interface ResponseDocumentation {
  readonly description: string;
  readonly content?: Readonly<Record<string, { readonly schema?: object; readonly example?: unknown }>>;
  readonly headers?: Readonly<Record<string, object>>;
}

/** What a route says of itself beyond its zod schemas; only the OpenAPI document reads it. */
export interface OperationDocumentation {
  /** An OpenAPI Request Body Object, for a body no zod schema describes (a multipart upload). */
  readonly requestBody?: object;
  /** Responses beyond the 200 of `schema.response` and the unified error body (a file, a 400 with data). */
  readonly responses?: Readonly<Record<string, ResponseDocumentation>>;
  /** An OpenAPI Security Requirement list: the credentials the operation takes (auth adds it to the routes it guards). */
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  /** The Security Scheme Objects `security` names, by name; the document gathers them into its components. */
  readonly securitySchemes?: Readonly<Record<string, object>>;
}

declare module 'fastify' {
  interface FastifySchema {
    /** One line: the name of the operation in the docs and in an API client that imports `/openapi.json`. */
    summary?: string;
    description?: string;
    /** The first tag groups the operation (a folder in an API client). */
    tags?: readonly string[];
    /** Left out of `/openapi.json` (the documentation routes themselves). */
    hide?: boolean;
    openapi?: OperationDocumentation;
  }
}
