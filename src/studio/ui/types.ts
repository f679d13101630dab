// The JSON shapes of the studio's API (the contract with src/studio/server): what the browser app receives.

/** A byte value as the server shows it: never a JS string to interpret, always a bounded text and hex preview. */
export interface Bytes {
  readonly size: number;
  readonly hex: string;
  readonly text: string;
  readonly utf8: boolean;
  readonly truncated: boolean;
}

/** A decoded property value: a bounded preview text, and `json` for the scalars an edit form can change. */
export interface Value {
  readonly type: string;
  readonly text: string;
  readonly truncated: boolean;
  readonly json?: string | number | boolean | null;
}

/** The library's typed error as the API sends it. */
export interface ApiError {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly details?: unknown;
}

export interface KeyPartInfo {
  readonly name: string;
  /** The segment type: string, bytes, int64, timestamp, reversedTimestamp, reversedInt64, reversedDomain. */
  readonly type: string;
  /** The JS type the part is read as, when declared (number, bigint, date, micros). */
  readonly as?: string;
  readonly encoding: string;
}

export interface PropertyInfo {
  readonly name: string;
  readonly kind: string;
  readonly family: string;
  readonly type: string;
  readonly editable: boolean;
}

export interface EntityInfo {
  readonly name: string;
  readonly table: string;
  readonly keyParts: readonly KeyPartInfo[];
  readonly properties: readonly PropertyInfo[];
  readonly collections: readonly string[];
  readonly versioned?: boolean;
}

export interface Overview {
  readonly project: string;
  readonly instance: string;
  readonly emulator: boolean;
  readonly allowWrites: boolean;
  readonly version: string;
  readonly entities: readonly EntityInfo[];
  readonly tables: readonly { readonly name: string; readonly claimedBy: readonly string[] }[];
}

export interface SchemaResponse {
  readonly tables: readonly {
    readonly name: string;
    readonly exists: boolean;
    readonly families: readonly {
      readonly name: string;
      readonly gcRule: string;
      readonly aggregateType?: string;
    }[];
    readonly rowKeySchema?: string;
    readonly claimedBy: readonly string[];
  }[];
  readonly inSync?: boolean;
  readonly driftNotes?: readonly string[];
  readonly drift: readonly {
    readonly table: string;
    readonly kind: string;
    readonly description: string;
    readonly destructive: boolean;
  }[];
  readonly lint: readonly {
    readonly rule: string;
    readonly severity: string;
    readonly entity?: string;
    readonly property?: string;
    readonly message: string;
    readonly fix?: string;
  }[];
}

export interface EntityRow {
  readonly key: Bytes;
  readonly keyParts: Readonly<Record<string, Value>>;
  readonly values: Readonly<Record<string, Value>>;
  readonly version?: string;
  readonly decodeError?: ApiError;
  /** A collection read's row: the member entity it decoded as. */
  readonly entity?: string;
}

export interface RowsResponse {
  readonly rows: readonly EntityRow[];
  readonly nextCursor: string | null;
}

export interface Cell {
  readonly family: string;
  readonly qualifier: Bytes;
  readonly timestampMicros: string;
  readonly value: Bytes;
  readonly labels: readonly string[];
}

export interface RawRow {
  readonly key: Bytes;
  readonly cells: readonly Cell[];
}

export interface RawRowsResponse {
  readonly rows: readonly RawRow[];
  readonly nextCursor: string | null;
  readonly guess: { readonly source: string; readonly notes: readonly string[] } | null;
}

/** Key parts as typed by the user: the server parses each by its declared type. */
export type KeyPartsInput = Record<string, string>;

export interface WhereInput {
  /** A collection read's member the condition is about (the entity picked in the form). */
  readonly member?: string;
  readonly property: string;
  readonly op: string;
  readonly value: unknown;
}

export interface QueryInput {
  readonly entity: string;
  readonly kind: 'find' | 'collection';
  readonly collection?: string;
  readonly prefix?: KeyPartsInput;
  readonly where?: readonly WhereInput[];
  readonly select?: readonly string[];
  readonly reverse?: boolean;
  readonly limit?: number;
}

export interface ExplainResponse {
  readonly explain: unknown;
  readonly explainText: string;
  readonly request: unknown;
  readonly typescript?: string;
}

export interface RunResponse {
  readonly rows: readonly EntityRow[];
  readonly stats: Readonly<Record<string, unknown>>;
  /** explain({ analyze }) of the run, as text, when the server has it. */
  readonly analysisText?: string;
  readonly typescript: string;
}

export interface KeysResponse {
  readonly table?: string;
  /** True when the sample holds every key of the range. */
  readonly complete?: boolean;
  readonly sampleRowKeys: readonly { readonly key: Bytes; readonly offsetBytes: string }[];
  readonly sampled: number;
  readonly groups: readonly {
    readonly label: string;
    readonly depth: number;
    readonly count: number;
    readonly share: number;
  }[];
  readonly strip: readonly {
    readonly label?: string;
    readonly from: Bytes;
    readonly to: Bytes;
    readonly count: number;
  }[];
  readonly hints: readonly {
    readonly rule: string;
    readonly severity: string;
    readonly message: string;
    readonly fix?: string;
  }[];
}
