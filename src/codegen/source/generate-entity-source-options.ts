/**
 * Where the generated source imports a protobuf message type (`protobuf.Type`) or a user codec from.
 *
 * @example
 * ```ts
 * const thumbnail: CodecImport = { from: '../../schema/codegen/media-types.js', name: 'Thumbnail' };
 * ```
 */
export interface CodecImport {
  /** Module specifier, written as is. */
  readonly from: string;
  /** Exported name. Default: the last dotted part of the type or codec name. */
  readonly name?: string;
}

/**
 * Options of {@link generateEntitySource}.
 *
 * @example
 * ```ts
 * const options: GenerateEntitySourceOptions = { style: 'defineEntity', imports: { csv: { from: '../../schema/codegen/csv.js' } } };
 * ```
 */
export interface GenerateEntitySourceOptions {
  /** `decorators` (default): a decorated class; `defineEntity`: a plain class and a `defineEntity()` call. */
  readonly style?: 'decorators' | 'defineEntity';
  /**
   * Imports by protobuf type name or user codec name (`{ custom: name }`). Protobuf types with a `file` need none.
   * An entity name imports that entity instead of declaring it (a parent generated into its own module): its
   * children refer to the imported class, or with `defineEntity` to its `<name>Entity` constant.
   */
  readonly imports?: Readonly<Record<string, CodecImport>>;
  /** Package to import the SDK from. Default `bigtable-mapper`. */
  readonly packageName?: string;
  /**
   * What the first line says the source was generated from. Default: `a row-key schema file and a families file`
   * (`row-key schema files and families files` for several entities).
   */
  readonly generatedFrom?: string;
  /**
   * Comment lines (without `//`) written into the source: `top` above the class, `properties` above the declaration
   * of a key part or property (codegen from a live table writes its guesses and their evidence there).
   */
  readonly comments?: {
    readonly top?: readonly string[];
    readonly properties?: Readonly<Record<string, readonly string[]>>;
  };
}
