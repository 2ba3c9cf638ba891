import type { Application } from '../declarations.js'
import { profile } from './profile/profile.js'
import { regions } from './regions/regions.js'
import { securityGroups } from './security-groups/security-groups.js'
import { users } from './users/users.js'

// Every service of the app, registered once; a module adds its line here.
export const services = (app: Application) => {
  app.configure(regions)
  app.configure(users)
  app.configure(securityGroups)
  app.configure(profile)
}
