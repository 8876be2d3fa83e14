import type { Plugin } from 'vite';

const DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](development|production)[\\/]/;

/**
 * react-router for the browser, without what it leaves in every build that never uses it
 * (decisions.md 13). Its package exports name only its development files, whose warnings are
 * switched on; it ships the same files with them off under dist/production, which the build
 * takes instead. Its components and contexts are made by top-level `React.forwardRef(…)`,
 * `React.memo(…)` and `React.createContext(…)` calls, some then given a `displayName`: the
 * bundler keeps such statements in case they have effects, so `<Form>` and its submission code
 * came with `<Link>`. Marking those calls pure and leaving out the names (read only by React's
 * developer tools) lets it drop the unused ones. Lines stay where they were, so the source maps
 * still hold.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'kestrel:react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'react-router' && !source.startsWith('react-router/')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (resolved === null || !DIST.test(resolved.id)) return resolved;
      return {
        ...resolved,
        id: resolved.id.replace(/([\\/])development([\\/])/, '$1production$2'),
      };
    },
    transform(code, id) {
      if (!DIST.test(id) || !id.endsWith('.mjs')) return null;
      const pure = code
        .replace(
          /^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
          '$1/* @__PURE__ */ $2',
        )
        .replace(/^\w+\.displayName = [^\n]*;$/gm, '');
      return { code: pure, map: null };
    },
  };
}
