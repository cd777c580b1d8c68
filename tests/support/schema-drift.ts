import fs from "node:fs";
import internals from "@prisma/internals";
import pg from "pg";

/**
 * Compares a migrated database with prisma/schema.prisma, read through Prisma's own DMMF: tables, columns,
 * types, nullability, enums, unique and plain indexes, and foreign keys. Returns human-readable differences.
 */
export interface DriftOptions {
  schemaPath?: string;
  /** `table.column` entries the DMMF cannot describe (Unsupported(...) fields such as tsvector columns). */
  ignoreColumns?: string[];
}

type DmmfField = {
  name: string;
  dbName?: string | null;
  kind: string;
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[] | null;
  relationToFields?: string[] | null;
};

const SCALAR_UDT: Record<string, string> = {
  String: "text",
  Int: "int4",
  BigInt: "int8",
  Float: "float8",
  Decimal: "numeric",
  Boolean: "bool",
  DateTime: "timestamp",
  Json: "jsonb",
  Bytes: "bytea",
};

const NATIVE_UDT: Record<string, string> = {
  Citext: "citext",
  Timestamptz: "timestamptz",
  Timestamp: "timestamp",
  VarChar: "varchar",
  Uuid: "uuid",
  Text: "text",
  Integer: "int4",
  SmallInt: "int2",
  Date: "date",
  JsonB: "jsonb",
  Json: "json",
};

export async function schemaDrift(connectionString: string, opts: DriftOptions = {}): Promise<string[]> {
  const datamodel = fs.readFileSync(opts.schemaPath ?? "prisma/schema.prisma", "utf8");
  const dmmf = await internals.getDMMF({ datamodel });
  const ignored = new Set(opts.ignoreColumns ?? []);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const cols = await client.query<{
      table_name: string;
      column_name: string;
      udt_name: string;
      is_nullable: string;
      datetime_precision: number | null;
    }>(
      `SELECT table_name, column_name, udt_name, is_nullable, datetime_precision
         FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const enums = await client.query<{ name: string; values: string[] }>(
      `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
         FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = 'public' GROUP BY t.typname`,
    );
    const indexes = await client.query<{ table: string; unique: boolean; primary: boolean; columns: string[] }>(
      `SELECT c.relname AS table, i.indisunique AS unique, i.indisprimary AS primary,
              array_agg(a.attname::text ORDER BY k.ord) AS columns
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE n.nspname = 'public' GROUP BY i.indexrelid, c.relname, i.indisunique, i.indisprimary`,
    );
    const fks = await client.query<{ table: string; columns: string[]; target: string; target_columns: string[] }>(
      `SELECT c.relname AS table, t.relname AS target,
              (SELECT array_agg(a.attname::text ORDER BY x.ord) FROM unnest(con.conkey) WITH ORDINALITY x(n, ord)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = x.n) AS columns,
              (SELECT array_agg(a.attname::text ORDER BY x.ord) FROM unnest(con.confkey) WITH ORDINALITY x(n, ord)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = x.n) AS target_columns
         FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class t ON t.oid = con.confrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE con.contype = 'f' AND n.nspname = 'public'`,
    );

    const diffs: string[] = [];
    const dbTables = new Map<string, Map<string, (typeof cols.rows)[number]>>();
    for (const c of cols.rows) {
      if (!dbTables.has(c.table_name)) dbTables.set(c.table_name, new Map());
      dbTables.get(c.table_name)!.set(c.column_name, c);
    }
    const enumDbName = new Map(dmmf.datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
    const tableOf = new Map(dmmf.datamodel.models.map((m) => [m.name, m.dbName ?? m.name]));
    const expectedTables = new Set<string>(["_prisma_migrations"]);

    for (const model of dmmf.datamodel.models) {
      const table = model.dbName ?? model.name;
      expectedTables.add(table);
      const dbCols = dbTables.get(table);
      if (!dbCols) {
        diffs.push(`table ${table} (model ${model.name}) is missing`);
        continue;
      }
      const fields = model.fields as unknown as DmmfField[];
      const colName = (fieldName: string) => {
        const f = fields.find((x) => x.name === fieldName);
        return f?.dbName ?? fieldName;
      };
      const expectedCols = new Set<string>();
      for (const f of fields) {
        if (f.kind !== "scalar" && f.kind !== "enum") continue;
        const column = f.dbName ?? f.name;
        expectedCols.add(column);
        const dbCol = dbCols.get(column);
        if (!dbCol) {
          diffs.push(`column ${table}.${column} is missing`);
          continue;
        }
        let udt =
          f.kind === "enum"
            ? (enumDbName.get(f.type) ?? f.type)
            : f.nativeType
              ? (NATIVE_UDT[f.nativeType[0]] ?? f.nativeType[0].toLowerCase())
              : (SCALAR_UDT[f.type] ?? f.type);
        if (f.isList) udt = `_${udt}`;
        if (dbCol.udt_name !== udt)
          diffs.push(`column ${table}.${column} has type ${dbCol.udt_name}, schema says ${udt}`);
        if (f.type === "DateTime") {
          // A @db.Date column has no fractional seconds.
          const precision =
            f.nativeType?.[0] === "Date" ? 0 : f.nativeType?.[1]?.[0] !== undefined ? Number(f.nativeType[1][0]) : 3;
          if (!f.isList && dbCol.datetime_precision !== precision)
            diffs.push(`column ${table}.${column} has precision ${dbCol.datetime_precision}, schema says ${precision}`);
        }
        const nullable = f.isList || !f.isRequired;
        if ((dbCol.is_nullable === "YES") !== nullable)
          diffs.push(
            `column ${table}.${column} is ${dbCol.is_nullable === "YES" ? "NULL" : "NOT NULL"}, schema says ${nullable ? "NULL" : "NOT NULL"}`,
          );
      }
      for (const column of dbCols.keys()) {
        if (!expectedCols.has(column) && !ignored.has(`${table}.${column}`))
          diffs.push(`column ${table}.${column} exists in the database but not in the schema`);
      }

      // Indexes (id, unique, normal) by column list.
      const key = (unique: boolean, columns: string[]) => `${unique ? "unique" : "index"}(${columns.join(",")})`;
      const expectedIdx = dmmf.datamodel.indexes
        .filter((i) => i.model === model.name)
        .map((i) =>
          key(
            i.type !== "normal",
            i.fields.map((x) => colName(x.name)),
          ),
        );
      const actualIdx = indexes.rows.filter((i) => i.table === table).map((i) => key(i.unique || i.primary, i.columns));
      for (const k of expectedIdx) if (!actualIdx.includes(k)) diffs.push(`${table}: ${k} is missing`);
      for (const k of actualIdx)
        if (!expectedIdx.includes(k)) diffs.push(`${table}: ${k} exists in the database but not in the schema`);

      // Foreign keys declared on this side of a relation.
      for (const f of fields) {
        if (f.kind !== "object" || !f.relationFromFields?.length) continue;
        const columns = f.relationFromFields.map(colName);
        const target = tableOf.get(f.type) ?? f.type;
        const found = fks.rows.some(
          (fk) => fk.table === table && fk.target === target && fk.columns.join() === columns.join(),
        );
        if (!found) diffs.push(`foreign key ${table}(${columns.join(",")}) → ${target} is missing`);
      }
    }
    for (const t of dbTables.keys())
      if (!expectedTables.has(t)) diffs.push(`table ${t} exists in the database but not in the schema`);

    const dbEnums = new Map(enums.rows.map((e) => [e.name, e.values]));
    for (const e of dmmf.datamodel.enums) {
      const name = e.dbName ?? e.name;
      const values = e.values.map((v) => v.dbName ?? v.name);
      const actual = dbEnums.get(name);
      if (!actual) diffs.push(`enum ${name} is missing`);
      else if (actual.join() !== values.join())
        diffs.push(`enum ${name} has (${actual.join(", ")}), schema says (${values.join(", ")})`);
      dbEnums.delete(name);
    }
    for (const name of dbEnums.keys()) diffs.push(`enum ${name} exists in the database but not in the schema`);
    return diffs;
  } finally {
    await client.end();
  }
}
