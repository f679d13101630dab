import type { MetadataProblem } from '../../errors/metadata-error.js';
import type { FamiliesFile, FileCodec } from '../files/families-file-types.js';
import type { GenerateEntitySourceOptions } from './generate-entity-source-options.js';
import type { SourceDoc } from './source-layout.js';
import { isIdentifier, quote } from './source-layout.js';

/** Collects problems, imports and the pieces of one generated file. */
export class SourceGenerator {
  readonly problems: MetadataProblem[] = [];
  readonly sdk = new Set<string>();
  readonly decorators = new Set<string>();
  readonly typeImports = new Set<string>();
  readonly external = new Map<string, Set<string>>();

  /** The families file of the entity being generated; problems name its entity. */
  file: FamiliesFile | undefined;

  constructor(readonly options: GenerateEntitySourceOptions) {}

  problem(message: string, property?: string): void {
    this.problems.push({
      entity: this.file?.entity ?? 'schema files',
      ...(property === undefined ? {} : { property }),
      message,
    });
  }

  imported(ref: string, property: string): string | undefined {
    const spec = this.options.imports?.[ref];
    if (!spec) {
      this.problem(
        `needs an import for ${JSON.stringify(ref)}: pass imports: { ${JSON.stringify(ref)}: { from } }`,
        property,
      );
      return undefined;
    }
    const name = spec.name ?? ref.split('.').at(-1)!;
    if (!isIdentifier(name))
      this.problem(`import name ${JSON.stringify(name)} is not an identifier`, property);
    this.addImport(spec.from, name);
    return name;
  }

  addImport(from: string, name: string): void {
    const names = this.external.get(from) ?? new Set<string>();
    names.add(name);
    this.external.set(from, names);
  }

  /**
   * How a child refers to its parent: by class name, or (defineEntity) by the `<Parent>Entity` constant that carries
   * its key parts to TypeScript; imported from where `imports` says the parent's generated module is.
   */
  parentRef(parent: string): string {
    const spec = this.options.imports?.[parent];
    const base = spec?.name ?? parent;
    const name = (this.options.style ?? 'decorators') === 'defineEntity' ? `${base}Entity` : base;
    if (spec) this.addImport(spec.from, name);
    return name;
  }

  /** A codec argument of a column, map or set: a builtin name, an imported user codec, or Codecs.protobuf(Type). */
  codec(codec: FileCodec, property: string): SourceDoc {
    if (typeof codec === 'string') return quote(codec);
    if ('custom' in codec) return this.imported(codec.custom, property) ?? 'undefined';
    const type = this.imported(codec.protobuf, property) ?? 'undefined';
    this.sdkName('Codecs');
    const output = codec.output === 'message' ? [{ object: [['output', "'message'"]] } as SourceDoc] : [];
    return { call: 'Codecs.protobuf', args: [type, ...output] };
  }

  sdkName(name: string): void {
    if (this.options.style === 'defineEntity') this.sdk.add(name);
    else this.decorators.add(name);
  }
}
