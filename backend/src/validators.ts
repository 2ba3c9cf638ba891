import { Ajv, addFormats, type FormatsPluginOptions } from '@feathersjs/schema'

const formats: FormatsPluginOptions = ['date-time', 'time', 'date', 'email', 'uri', 'uuid']

export const dataValidator: Ajv = addFormats(new Ajv({ allErrors: true }), formats)

// Query strings arrive as text: let Ajv turn them into the numbers and booleans the schema names.
export const queryValidator: Ajv = addFormats(new Ajv({ coerceTypes: true, allErrors: true }), formats)
