import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, findHeaderRow, importHeader, matchHeaders, rateOfCell, splitBarcodes, validateImportRow, type ImportLookups } from './import-columns.js';

const lookups: ImportLookups = {
  category: (name, type) => (name === 'مخبوزات' && type === 'product' ? { id: '01890a5d-ac96-774b-bcce-b302099a8057' } : { error: `No ${type} category is called "${name}"` }),
  tax: (text) => (rateOfCell(text) === 16 ? { id: '01890a5d-ac96-774b-bcce-b302099a8058' } : { error: `No tax is called or has the rate "${text}"` }),
};

describe('import headers', () => {
  it('recognizes English and Arabic headers whatever their case, spacing, separators and Arabic spelling', () => {
    // Act
    const match = matchHeaders(['SKU', ' Sale Price ', 'name-ar', 'الاسم', 'الاسم بالعربيه', 'Colour', '', 'sku']);

    // Assess
    expect(match.fields).toEqual(['sku', 'sale_price', 'name_ar', 'name', null, null, null, null]);
    expect(match.headers).toEqual({ sku: 'SKU', sale_price: 'Sale Price', name_ar: 'name-ar', name: 'الاسم' });
    expect(match.unknown).toEqual([{ index: 5, header: 'Colour' }]);
    expect(match.repeated).toEqual([
      { index: 4, header: 'الاسم بالعربيه', field: 'name_ar' },
      { index: 7, header: 'sku', field: 'sku' },
    ]);
    expect(match.missing).toEqual([]);
  });

  it('names the required columns a file lacks, and finds the header row below an export’s title lines', () => {
    // Act
    const missing = matchHeaders(['Price', 'Barcode']).missing;
    const row = findHeaderRow([['Products'], ['Al-Quds Bakery'], [], ['رمز الصنف', 'الاسم', 'سعر البيع'], ['A-1', 'Tea', '1']]);

    // Assess
    expect(missing).toEqual(['sku', 'name']);
    expect(row).toBe(3);
    expect(findHeaderRow([['a', 'b'], ['1', '2']])).toBe(-1);
  });

  it('has one English and one Arabic header per field, every one recognized as its own field', () => {
    for (const column of IMPORT_COLUMNS) {
      expect(matchHeaders([importHeader(column.field, 'en'), importHeader(column.field, 'ar')]).recognized.map((r) => r.field)).toEqual([column.field]);
    }
  });
});

describe('import rows', () => {
  const arabic = matchHeaders(['رمز الصنف', 'الاسم', 'النوع', 'الفئة', 'سعر البيع', 'الضريبة', 'الباركود', 'تتبع المخزون', 'وحدة القياس', 'نشط']);

  it('turns Arabic cells into a productCreate input: types, units, yes/no, digits, barcodes, category and tax by name or rate', () => {
    // Act
    const result = validateImportRow(2, ['BRD-1', 'خبز', 'منتج', 'مخبوزات', '٠٫٣٥٠', '16%', '6251000000017 ، 6251000000024|12345678', 'نعم', 'كغ', 'لا'], arabic, lookups);

    // Assess
    expect(result.errors).toEqual([]);
    expect(result.value).toMatchObject({
      sku: 'BRD-1',
      name: 'خبز',
      item_type: 'product',
      category_id: '01890a5d-ac96-774b-bcce-b302099a8057',
      sale_price: '0.350',
      tax_id: '01890a5d-ac96-774b-bcce-b302099a8058',
      barcodes: ['6251000000017', '6251000000024', '12345678'],
      is_tracked_inventory: true,
      unit_of_measure: 'kg',
      is_active: false,
      cost: '0',
    });
    expect(result.filled).toContain('barcodes');
  });

  it('reports each problem with the row and the column as the user headed it, using the schema’s own messages', () => {
    // Act
    const result = validateImportRow(7, ['BAD#SKU', '', 'خدمة', 'مخبوزات', '1.2345', '5', 'ab', 'نعم', 'barrel', 'maybe'], arabic, lookups);

    // Assess
    const byColumn = Object.fromEntries(result.errors.map((e) => [e.column, e.message]));
    expect(result.value).toBeNull();
    expect(result.errors.every((e) => e.row === 7)).toBe(true);
    expect(byColumn['رمز الصنف']).toBe('A SKU cannot contain # or double spaces');
    expect(byColumn['الاسم']).toBe('Name is required');
    expect(byColumn['سعر البيع']).toBe('Enter an amount such as 1.250 (at most three decimals)');
    expect(byColumn['الباركود']).toBe('ab: A barcode has at least 4 characters');
    expect(byColumn['وحدة القياس']).toMatch(/piece/);
    expect(byColumn['نشط']).toMatch(/boolean/);
    // The category is looked up for a service, the row's own type.
    expect(byColumn['الفئة']).toBe('No service category is called "مخبوزات"');
    expect(byColumn['الضريبة']).toBe('No tax is called or has the rate "5"');
    // The schema's cross-field rule speaks once the fields themselves are right.
    expect(validateImportRow(8, ['SRV', 'Repair', 'خدمة', '', '', '', '', 'نعم', '', ''], arabic).errors).toEqual([
      { row: 8, column: 'تتبع المخزون', message: 'A service has no stock to track' },
    ]);
  });

  it('leaves empty cells absent, so the schema’s defaults apply, and tells which columns were present and filled', () => {
    // Act
    const result = validateImportRow(3, ['TEA', 'Tea', '', '', '', '', '', '', '', ''], arabic);

    // Assess
    expect(result.value).toMatchObject({ sku: 'TEA', item_type: 'product', sale_price: '0', barcodes: [], is_active: true, unit_of_measure: 'piece' });
    expect(result.present).toHaveLength(10);
    expect(result.filled).toEqual(['sku', 'name']);
  });

  it('reads tax rates and splits barcodes', () => {
    expect(rateOfCell('16')).toBe(16);
    expect(rateOfCell('16.000 %')).toBe(16);
    expect(rateOfCell('١٦٪')).toBe(16);
    expect(rateOfCell('VAT')).toBeNull();
    expect(splitBarcodes(' 1234 | 5678،9012 |')).toEqual(['1234', '5678', '9012']);
  });
});
