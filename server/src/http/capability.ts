import type { Job } from '../platform/jobs/jobs.ts';
import type { LiveTopic } from '../platform/live/topic.ts';
import type { Registrar } from './register-route.ts';

/**
 * One capability as the app sees it: its calls, registered in a Fastify scope of their own,
 * and what it runs in the background. Each `<capability>/module.ts` builds one from the small
 * interfaces it needs of the others; server.ts composes them and app.ts registers them.
 */
export interface Capability {
  readonly name: string;
  /** The capability's calls (its `routes.ts` and `admin-routes.ts`). */
  routes(r: Registrar): void;
  /** Its live topics on the `/message` socket (platform/live, docs/live.md). */
  readonly topics?: readonly LiveTopic[];
  /** Periodic work, run on the elected node by the jobs kernel (platform/jobs). */
  readonly jobs?: readonly Job[];
  /** Background work, started once HTTP is up (feeds, engines). */
  start?(): Promise<void> | void;
  stop?(): Promise<void> | void;
}
