import { Code } from '../../../contract/errors.ts';
import { routes } from '../../../contract/routes.ts';
import { AppError } from '../errors.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { Registrar } from '../http/register-route.ts';
import type { Files } from '../platform/files/files.ts';
import { takeUpload } from '../platform/files/upload.ts';
import type { SupportChats } from './chats.ts';
import type { SupportClaims } from './claims.ts';
import { supportAttachmentKind } from './files.ts';
import type { Participant } from './rows.ts';
import { SupportVisitors } from './visitors.ts';

export interface SupportServices {
  chats: SupportChats;
  visitors: SupportVisitors;
  claims: SupportClaims;
  files: Files;
}

/**
 * The person's side of support: a signed-in person by their session, a visitor by their chat's
 * token in `Authorization`; anyone else is asked to sign in (401).
 */
export function supportRoutes(r: Registrar, s: SupportServices, authRateLimit: number): void {
  const who = async (ctx: RequestContext): Promise<Participant> => {
    if (ctx.session !== undefined) return { kind: 'person', userId: ctx.session.userId };
    if (SupportVisitors.isToken(ctx.token)) return s.visitors.resolve(ctx.token);
    throw new AppError(Code.unauthorized, null, 401);
  };
  const strict = { config: { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } } };
  r.route(routes.getSupport, async (_input, ctx) => s.chats.state(await who(ctx)));
  r.route(routes.supportSend, async ({ body }, ctx) => s.chats.send(await who(ctx), body));
  r.stream(
    routes.supportUpload,
    takeUpload(supportAttachmentKind, async (bytes, ctx) => ({
      fileId: await s.files.store({
        owner: ctx.session.userId,
        kind: supportAttachmentKind.kind,
        bytes,
      }),
    })),
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
  r.route(routes.supportTyping, async ({ body }, ctx) => {
    await s.chats.typing(await who(ctx), body.conversationId);
    return { ok: true as const };
  });
  r.route(routes.supportRead, async ({ body }, ctx) => {
    await s.chats.read(await who(ctx), body.conversationId, body.messageId);
    return { ok: true as const };
  });
  r.route(routes.supportRate, async ({ body }, ctx) => {
    await s.chats.rate(await who(ctx), body);
    return { ok: true as const };
  });
  r.route(
    routes.supportVisitorCode,
    async ({ body }, ctx) => {
      await s.visitors.sendCode(body.email, ctx.lang);
      return { ok: true as const };
    },
    strict,
  );
  r.route(routes.supportVisitor, ({ body }) => s.visitors.start(body.email, body.code), strict);
  r.route(routes.supportClaim, async ({ body }, ctx) => {
    await s.claims.claim(ctx.session.userId, body.token);
    return s.chats.state({ kind: 'person', userId: ctx.session.userId });
  });
}
