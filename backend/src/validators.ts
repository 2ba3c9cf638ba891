import { Ajv, addFormats, type FormatsPluginOptions } from '@feathersjs/schema'

const formats: FormatsPluginOptions = ['date-time', 'time', 'date', 'email', 'uri', 'uuid']

/**
 * Validators are compiled on their first call instead of when their module loads. Compiling all
 * of them at start-up (some 80 schemas, with allErrors) made about 100 MB of garbage at once; V8
 * grew the heap for it and the process kept that memory for good. Compiled one by one, as
 * requests first need them, the same work fits in the heap the server has anyway.
 */
function compileOnFirstUse(ajv: Ajv): Ajv {
  const compile = ajv.compile.bind(ajv)
  ajv.compile = ((schema: any) => {
    let validate: ((data: unknown) => unknown) | undefined
    return (data: unknown) => (validate ??= compile(schema))(data)
  }) as typeof ajv.compile
  return ajv
}

export const dataValidator: Ajv = compileOnFirstUse(addFormats(new Ajv({ allErrors: true }), formats))

// Query strings arrive as text: let Ajv turn them into the numbers and booleans the schema names.
export const queryValidator: Ajv = compileOnFirstUse(addFormats(new Ajv({ coerceTypes: true, allErrors: true }), formats))
