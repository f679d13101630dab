// TypeScript's and esbuild's standard-decorator output hand decorators a `context.metadata` object only where
// `Symbol.metadata` exists when the class is defined, and Node 20-24 do not have it yet. The field decorators need
// that object (a field decorator never sees its class), so loading the decorators installs it. `Symbol.for` is
// esbuild's own fallback key, so classes esbuild defined before this module loaded carry their metadata under the
// same symbol.
const symbolConstructor = Symbol as unknown as { metadata?: symbol };
symbolConstructor.metadata ??= Symbol.for('Symbol.metadata');
