import { basename, dirname, resolve, sep } from 'node:path';

const inside = (file, folder) => file === folder || file.startsWith(`${folder}${sep}`);
const list = (value) => (Array.isArray(value) ? value : [value]);

/**
 * import/no-restricted-paths' zones, resolved against the importing file: a relative import
 * whose target lies under a zone's `from` is refused in files under its `target`, unless the
 * target lies under one of its `except` folders, or the importing file's name is one of its
 * `exceptFiles` (a server capability's routes.ts may import the transport; its services not). Unlike no-restricted-imports, which matches
 * the specifier's text, the same rule holds at any folder depth, and dynamic `import()` (how
 * route tables load screens) is checked too. Zone paths are relative to `root`.
 */
const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the layers the project allows' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: {
                  anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
                },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                except: { type: 'array', items: { type: 'string' } },
                exceptFiles: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'zones'],
        additionalProperties: false,
      },
    ],
    messages: { restricted: "'{{source}}': {{message}}" },
  },
  create(context) {
    const { root, zones } = context.options[0];
    const absolute = (paths) => list(paths).map((p) => resolve(root, p));
    const file = context.filename;
    const mine = zones
      .map((zone) => ({
        target: absolute(zone.target),
        from: absolute(zone.from),
        except: absolute(zone.except ?? []),
        message: zone.message,
        exceptFiles: zone.exceptFiles ?? [],
      }))
      .filter((zone) => zone.target.some((folder) => inside(file, folder)))
      .filter((zone) => !zone.exceptFiles.includes(basename(file)));
    if (mine.length === 0) return {};

    function check(source) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const imported = resolve(dirname(file), source.value);
      const zone = mine.find(
        ({ from, except }) =>
          from.some((folder) => inside(imported, folder)) &&
          !except.some((folder) => inside(imported, folder)),
      );
      if (zone !== undefined) {
        context.report({
          node: source,
          messageId: 'restricted',
          data: { source: source.value, message: zone.message },
        });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const importZones = { rules: { 'no-restricted-paths': noRestrictedPaths } };
