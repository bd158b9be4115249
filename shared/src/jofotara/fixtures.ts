/**
 * Test support (node only, not exported from the package): the reference material in the `shared/`
 * folder that sits beside the repository clone (`<parent>/shared/jordan/`, both on a developer's
 * machine and in CI), and UBL 2.1 schema validation with xmllint compiled to WebAssembly, so CI
 * needs nothing installed beyond npm packages.
 */
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo, type XMLValidationError } from 'xmllint-wasm';

/** `<repo>/shared/src/jofotara/` → `<repo>/../shared/jordan/`. */
export const JORDAN_REFERENCE_DIR = new URL('../../../../shared/jordan/', import.meta.url);
const XSD_DIR = new URL('xsd/', JORDAN_REFERENCE_DIR);
const INVOICE_XSD = 'maindoc/UBL-Invoice-2.1.xsd';

export interface XmlFixture {
  /** Path relative to `shared/jordan/`, e.g. `odoo/odoo_type_3_sales_invoice_388_022.xml`. */
  name: string;
  xml: string;
}

async function filesUnder(directory: URL, relative = ''): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = `${relative}${entry.name}`;
    if (entry.isDirectory()) files.push(...(await filesUnder(new URL(`${entry.name}/`, directory), `${name}/`)));
    else files.push(name);
  }
  return files;
}

/** Every sample invoice (.xml) under `shared/jordan/`; the schemas are .xsd and are not included. */
export async function loadJordanSampleInvoices(): Promise<XmlFixture[]> {
  const names = (await filesUnder(JORDAN_REFERENCE_DIR)).filter((name) => name.endsWith('.xml'));
  return Promise.all(
    names.map(async (name) => ({ name, xml: await readFile(new URL(name, JORDAN_REFERENCE_DIR), 'utf8') })),
  );
}

let schemaFiles: Promise<{ schema: XMLFileInfo; preload: XMLFileInfo[] }> | undefined;

function loadSchemaFiles(): Promise<{ schema: XMLFileInfo; preload: XMLFileInfo[] }> {
  schemaFiles ??= (async () => {
    const names = (await filesUnder(XSD_DIR)).filter((name) => name.endsWith('.xsd'));
    const files = await Promise.all(
      names.map(async (fileName) => ({ fileName, contents: await readFile(new URL(fileName, XSD_DIR), 'utf8') })),
    );
    const schema = files.find((file) => file.fileName === INVOICE_XSD);
    if (!schema) throw new Error(`${INVOICE_XSD} not found under ${fileURLToPath(XSD_DIR)}`);
    // The main schema imports ../common/*.xsd; xmllint reads them from its in-memory file system.
    return { schema, preload: files.filter((file) => file !== schema) };
  })();
  return schemaFiles;
}

export interface SchemaValidation {
  valid: boolean;
  errors: ReadonlyArray<XMLValidationError>;
}

/**
 * Validates documents against the OASIS UBL 2.1 Invoice schema in one xmllint run (loading the
 * schemas dominates the cost, so batch). File names must be unique and must not start with "-".
 */
export async function validateAgainstUblInvoiceXsd(documents: readonly XmlFixture[]): Promise<SchemaValidation> {
  const { schema, preload } = await loadSchemaFiles();
  const result = await validateXML({
    xml: documents.map((document) => ({ fileName: document.name.replace(/[^\w.-]/g, '_'), contents: document.xml })),
    schema,
    preload,
    // The UBL schema set is large; let memory grow past the default cap when many documents share a run.
    maxMemoryPages: 4096,
  });
  return { valid: result.valid, errors: result.errors };
}
