import { Ajv, addFormats, hooks, type FormatsPluginOptions } from '@feathersjs/schema'

const formats: FormatsPluginOptions = ['date-time', 'time', 'date', 'email', 'uri', 'uuid']

/**
 * Validators are compiled on their first call instead of when their module loads. Compiling all
 * of them at start-up (some 80 schemas, with allErrors) made about 100 MB of garbage at once; V8
 * grew the heap for it and the process kept that memory for good. Compiled one by one, as
 * requests first need them, the same work fits in the heap the server has anyway.
 */
function compileOnFirstUse(ajv: Ajv, warm: boolean): Ajv {
  const compile = ajv.compile.bind(ajv)
  ajv.compile = ((schema: any) => {
    let validate: ((data: unknown) => unknown) | undefined
    const compiled = () => {
      uncompiled.delete(compiled)
      return (validate ??= compile(schema))
    }
    if (warm) uncompiled.add(compiled)
    // The schema rides along: the API document (openapi.ts) reads what each method validates.
    return Object.assign((data: unknown) => compiled()(data), { schema })
  }) as typeof ajv.compile
  return ajv
}

/** The query validators no request has needed yet, each compiled when called. */
const uncompiled = new Set<() => unknown>()

/** How many validators are not compiled yet. */
export const uncompiledValidators = () => uncompiled.size

/**
 * A serving portal compiles the query validators no request has needed yet, one every `pauseMs`,
 * so that first reads do not wait for them: the first global search asks every searchable
 * resource at once, and waited 2 to 8 seconds for their query validators. One at a time, each
 * compile's garbage is gone before the next, as when requests compile them (see above). Only the
 * query validators: all of them, the bodies' too, kept some 250 MB more per process for writes
 * that can wait a first compile. Not in tests: a test server lives for a file's few calls.
 */
export function compileValidatorsInBackground(pauseMs = 25) {
  const next = () => {
    const [first] = uncompiled
    if (!first) return
    // Run once on an empty value, so V8 has made its bytecode too (a query validator is large); async ones reject it.
    const validate = first() as (data: unknown) => unknown
    void Promise.resolve()
      .then(() => validate({}))
      .catch(() => undefined)
    setTimeout(next, pauseMs).unref()
  }
  setTimeout(next, pauseMs).unref()
}

export const dataValidator: Ajv = compileOnFirstUse(addFormats(new Ajv({ allErrors: true }), formats), false)

// Query strings arrive as text: let Ajv turn them into the numbers and booleans the schema names.
export const queryValidator: Ajv = compileOnFirstUse(addFormats(new Ajv({ coerceTypes: true, allErrors: true }), formats), true)

/** Where a validating hook's schema applies in an HTTP request. */
export interface DocumentedSchema {
  in: 'body' | 'query' | 'result'
  schema: Record<string, any>
}

/** The schema each validating or authorizing hook checks, by hook: what openapi.ts documents. */
export const documentedHooks = new WeakMap<object, DocumentedSchema>()

/** Marks a hook with the schema it checks, for the API document. */
export function documented<T extends object>(hook: T, place: DocumentedSchema['in'], schema: unknown): T {
  if (schema && typeof schema === 'object') documentedHooks.set(hook, { in: place, schema: schema as Record<string, any> })
  return hook
}

const schemaOf = (validator: any) => validator?.schema ?? validator?.create?.schema

/**
 * @feathersjs/schema's validating hooks, marked with their schemas: every service validates
 * through these, so the API document at /docs names every method's body and query.
 */
export const schemaHooks = {
  ...hooks,
  validateData: (validator: Parameters<typeof hooks.validateData>[0]) => documented(hooks.validateData(validator), 'body', schemaOf(validator)),
  validateQuery: (validator: Parameters<typeof hooks.validateQuery>[0], options?: Parameters<typeof hooks.validateQuery>[1]) =>
    documented(hooks.validateQuery(validator, options), 'query', schemaOf(validator))
}
