// One logger for the server: quiet in tests, plain lines otherwise.
const quiet = process.env.NODE_ENV === 'test'

export const logger = {
  info: (...args: unknown[]) => {
    if (!quiet) console.log(...args)
  },
  warn: (...args: unknown[]) => {
    if (!quiet) console.warn(...args)
  },
  error: (...args: unknown[]) => {
    console.error(...args)
  }
}
