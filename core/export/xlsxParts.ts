import type { CellValue } from '../format.ts';
import { texts } from '../texts.ts';

// The XML parts of an .xlsx file (SpreadsheetML) that both writers zip (xlsxFile.ts: the browser's worker and the
// server's stream): the sheets, styles and views of exceljs's workbook, with text as inline strings (none to hold).

const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const relType = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

// Characters XML 1.0 cannot hold (exceljs drops them too), and those text must escape.
const notXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;
const needsWork = /[<>&"\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/;
const entities: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

/** Text that is nothing once the characters XML cannot hold are dropped: an empty cell, as exceljs writes it. */
const emptyInXml = (text: string) => text === '' || (needsWork.test(text) && text.replace(notXml, '') === '');

/** Text as XML element content or a double-quoted attribute value. */
export function xmlText(text: string): string {
  if (!needsWork.test(text)) return text;
  return text.replace(notXml, '').replace(/[<>&"]/g, (c) => entities[c]!);
}

/** The column letters of a 0-based column index: A … Z, AA … */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

// Excel's built-in number formats by code; others get ids from 164 on.
const builtinFormats: Record<string, number> = { '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '0%': 9, '0.00%': 10 };

/** Cell styles (number format, bold) given ids as cells ask for them; 0 is plain, 1 bold text. */
export class StyleSheet {
  private readonly ids = new Map<string, number>([
    ['|', 0],
    ['|b', 1],
  ]);
  private readonly xfs: Array<{ numFmtId: number; bold: boolean }> = [
    { numFmtId: 0, bold: false },
    { numFmtId: 0, bold: true },
  ];
  private readonly customFormats = new Map<string, number>();

  id(numFmt: string | undefined, bold: boolean): number {
    const key = `${numFmt ?? ''}|${bold ? 'b' : ''}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.xfs.push({ numFmtId: numFmt === undefined ? 0 : this.formatId(numFmt), bold }) - 1;
      this.ids.set(key, id);
    }
    return id;
  }

  private formatId(numFmt: string): number {
    const builtin = builtinFormats[numFmt];
    if (builtin !== undefined) return builtin;
    let id = this.customFormats.get(numFmt);
    if (id === undefined) this.customFormats.set(numFmt, (id = 164 + this.customFormats.size));
    return id;
  }

  xml(): string {
    const formats = [...this.customFormats].map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xmlText(code)}"/>`).join('');
    const font = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
    const xfs = this.xfs
      .map(
        ({ numFmtId, bold }) =>
          `<xf numFmtId="${numFmtId}" fontId="${bold ? 1 : 0}" fillId="0" borderId="0" xfId="0"` +
          `${numFmtId ? ' applyNumberFormat="1"' : ''}${bold ? ' applyFont="1"' : ''}/>`,
      )
      .join('');
    return (
      `${declaration}<styleSheet xmlns="${mainNs}">` +
      (this.customFormats.size ? `<numFmts count="${this.customFormats.size}">${formats}</numFmts>` : '') +
      `<fonts count="2"><font>${font}</font><font><b/>${font}</font></fonts>` +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.xfs.length}">${xfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    );
  }
}

// Days from Excel's day 0 (1899-12-30, the 1900 system) to 1970-01-01.
const unixEpochSerial = 25569;
const msPerDay = 86_400_000;

/**
 * One cell's XML after its reference (`<c r="B7"` is the caller's): text inline (never a formula: an inline string
 * has no formula), numbers and dates (serial days, as exceljs writes them) typed with their style.
 */
export function cellXml(value: CellValue, styles: StyleSheet, bold: boolean): string {
  if (value.type === 'text') {
    const text = xmlText(value.value);
    const space = text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32) ? ' xml:space="preserve"' : '';
    return `${bold ? ' s="1"' : ''} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
  }
  const number = value.type === 'date' ? unixEpochSerial + value.value.getTime() / msPerDay : value.value;
  return ` s="${styles.id(value.numFmt, bold)}"><v>${number}</v></c>`;
}

/** A row of cells (undefined, or text empty in XML unless kept: no cell), 1-based `row`, cell XML from `cellXml`. */
export function rowXml(
  row: number,
  cells: ReadonlyArray<CellValue | undefined>,
  letters: readonly string[],
  xml: (value: CellValue, column: number) => string,
  keepEmptyText = false,
): string {
  let out = `<row r="${row}">`;
  for (let c = 0; c < cells.length; c += 1) {
    const value = cells[c];
    if (value === undefined || (!keepEmptyText && value.type === 'text' && emptyInXml(value.value))) continue;
    out += `<c r="${letters[c]}${row}"${xml(value, c)}`;
  }
  return `${out}</row>`;
}

/** How a sheet prints: its title in the page header, the page number in the footer, as wide as one page. */
export interface SheetPrint {
  /** The report's title, centred bold at the top of every page. */
  title: string;
  /** Landscape paper (a wide table), else portrait. */
  landscape: boolean;
}

/** Column width in characters above which a sheet prints landscape: about what a portrait A4 or Letter page holds. */
export const portraitWidth = 95;

/** Landscape when the columns are wider than a portrait page. */
export const printsLandscape = (widths: readonly number[]) => widths.reduce((sum, width) => sum + width, 0) > portraitWidth;

// A header holds 255 characters, its codes included (Excel's limit): the title's share of them.
const headerTitleLength = 240;

/** Text as a header/footer holds it: "&" starts a code, so a literal one is doubled; a title too long is cut. */
function headerText(text: string): string {
  let out = '';
  for (const char of text) {
    const piece = char === '&' ? '&&' : char;
    if (out.length + piece.length >= headerTitleLength) return `${out.trimEnd()}…`;
    out += piece;
  }
  return out;
}

/**
 * The page setup (ECMA-376 §18.3.1.63) after the rows: every page as wide as one sheet of paper and as many long as
 * it takes (fitToWidth 1, fitToHeight 0, which sheetPr's fitToPage turns on), the title in the header and
 * "Página n de N" in the footer.
 */
function printXml(print: SheetPrint): string {
  return (
    '<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    `<pageSetup orientation="${print.landscape ? 'landscape' : 'portrait'}" fitToWidth="1" fitToHeight="0"/>` +
    `<headerFooter><oddHeader>${xmlText(`&C&"-,Bold"${headerText(print.title)}`)}</oddHeader>` +
    `<oddFooter>${xmlText(`&C${texts.export.pageFooter}`)}</oddFooter></headerFooter>`
  );
}

/** A worksheet up to its first row: fit to the page's width, frozen header (when asked), column widths. */
export function sheetStart(widths: readonly number[], frozenHeader: boolean): string {
  const views = frozenHeader
    ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft"/></sheetView></sheetViews>'
    : '<sheetViews><sheetView workbookViewId="0"/></sheetViews>';
  const cols = widths.map((width, c) => `<col min="${c + 1}" max="${c + 1}" width="${width}" customWidth="1"/>`).join('');
  return (
    `${declaration}<worksheet xmlns="${mainNs}" xmlns:r="${relNs}"><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>${views}` +
    `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`
  );
}

/** A worksheet after its last row, with the autofilter's range (A1:H100) if any, and how it prints. */
export function sheetEnd(autoFilter: string | undefined, print: SheetPrint): string {
  return `</sheetData>${autoFilter ? `<autoFilter ref="${autoFilter}"/>` : ''}${printXml(print)}</worksheet>`;
}

/** A sheet name as a formula names it: quoted, its quotes doubled. */
const quotedSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;

/**
 * The package's parts other than the sheets and styles, for sheets named `sheetNames` (sheet1.xml …); the first row of
 * the sheets at `headedSheets` (0-based) is printed at the top of every page (the Print_Titles defined name).
 */
export function packageParts(
  sheetNames: readonly string[],
  creator: string,
  created: Date,
  headedSheets: readonly number[] = [],
): Array<{ name: string; xml: string }> {
  const sheets = sheetNames.map((_, i) => i + 1);
  const iso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
  const worksheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
  return [
    {
      name: '[Content_Types].xml',
      xml:
        `${declaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${worksheetType}"/>`).join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      xml:
        `${declaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${relType}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        `<Relationship Id="rId3" Type="${relType}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
    },
    {
      name: 'docProps/app.xml',
      xml:
        `${declaration}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
        '<Application>Microsoft Excel</Application></Properties>',
    },
    {
      name: 'docProps/core.xml',
      xml:
        `${declaration}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:creator>${xmlText(creator)}</dc:creator>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${iso(created)}</dcterms:created>` +
        `<dcterms:modified xsi:type="dcterms:W3CDTF">${iso(new Date())}</dcterms:modified></cp:coreProperties>`,
    },
    {
      name: 'xl/workbook.xml',
      xml:
        `${declaration}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><sheets>` +
        sheetNames.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 2}"/>`).join('') +
        '</sheets>' +
        (headedSheets.length
          ? `<definedNames>${headedSheets
              .map((i) => `<definedName name="_xlnm.Print_Titles" localSheetId="${i}">${xmlText(`${quotedSheet(sheetNames[i]!)}!$1:$1`)}</definedName>`)
              .join('')}</definedNames>`
          : '') +
        '</workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      xml:
        `${declaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${relType}/styles" Target="styles.xml"/>` +
        sheets.map((n) => `<Relationship Id="rId${n + 1}" Type="${relType}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('') +
        '</Relationships>',
    },
  ];
}
