import type { TestServer } from '../../../../test/server.js'

/**
 * The calls of the claim tests, as the signed-in users of `tokens`: `api` over real HTTP, the
 * claim's stored `version` a client sends back, and `move` (a workflow step: PATCH with the
 * transition and that version). `server` is read at each call: the tests start it in `beforeAll`.
 */
export function claimCalls(server: () => TestServer, tokens: Record<string, string>) {
  const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server().api(tokens[user], method, path, body, headers)
  return {
    api,
    version: async (id: string) => (await server().version('project-submissions', id))!,
    move: (user: string, id: string, body: Record<string, unknown>, headers?: Record<string, string>) => api(user, 'PATCH', `/hk/v1/project-submissions/${id}`, body, headers)
  }
}
