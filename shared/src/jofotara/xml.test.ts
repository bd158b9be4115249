import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XmlParseError, element, parseXml, serializeDocument } from './xml.js';

function parseError(source: string): XmlParseError {
  try {
    parseXml(source);
  } catch (error) {
    if (error instanceof XmlParseError) return error;
    throw error;
  }
  throw new Error('expected an XmlParseError');
}

describe('parseXml', () => {
  it('resolves default and prefixed namespaces, with scoping and redeclaration', () => {
    const root = parseXml(
      '<?xml version="1.0"?>\n<a xmlns="urn:a" xmlns:p="urn:p"><p:b/><c xmlns="urn:c"><d/></c><p:e xmlns:p="urn:q"/><f xmlns=""/></a>',
    );
    expect(root.namespace).toBe('urn:a');
    expect(root.children.map((child) => [child.localName, child.namespace])).toEqual([
      ['b', 'urn:p'],
      ['c', 'urn:c'],
      ['e', 'urn:q'],
      ['f', null],
    ]);
    expect(root.children[1]?.children[0]?.namespace).toBe('urn:c');
  });

  it('decodes entities and character references, keeps CDATA verbatim, skips comments and PIs', () => {
    const root = parseXml('<a x="1 &lt; 2 &amp; &quot;q&quot;">&#x645;&#1585;&#x062D;&#1576;&#x627; &amp; <![CDATA[<raw & text>]]><!-- no --><?pi data?>!</a>');
    expect(root.text).toBe('مرحبا & <raw & text>!');
    expect(root.attributes.get('x')).toBe('1 < 2 & "q"');
  });

  it('accepts a byte order mark and single-quoted attributes with ">" inside', () => {
    const root = parseXml("\uFEFF<a b='x > y'/>");
    expect(root.attributes.get('b')).toBe('x > y');
  });

  it.each([
    ['<a><b></a>', 'does not match'],
    ['<a>', 'Unclosed element'],
    ['<a/><b/>', 'More than one root element'],
    ['<p:a/>', 'Undeclared namespace prefix'],
    ['<a>&nbsp;</a>', 'Unknown entity'],
    ['<a>fish & chips</a>', 'bare "&"'],
    ['<a>&#1;</a>', 'not allowed in XML'],
    ['<a b="1" b="2"/>', 'Duplicate attribute'],
    ['<!DOCTYPE a><a/>', 'DOCTYPE'],
    ['', 'No root element'],
    ['<a><!-- open </a>', 'Unterminated comment'],
  ])('refuses %j', (source, message) => {
    expect(parseError(source).message).toContain(message);
  });

  it('normalizes literal line breaks to line feeds, as XML requires', () => {
    expect(parseXml('<a>1\r\n2\r3&#13;</a>').text).toBe('1\n2\n3\r');
  });

  it('reports the line of the problem', () => {
    expect(parseError('<a>\n<b>\n</c>\n</a>').line).toBe(3);
  });
});

describe('serializeDocument', () => {
  it('round-trips any text, attribute value and Arabic through the parser', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(text)),
        fc.string({ unit: 'grapheme' }).filter((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(text)),
        (text, attribute) => {
          const xml = serializeDocument(element('root', [element('child', text, { value: attribute })], { xmlns: 'urn:test' }));
          const child = parseXml(xml).children[0];
          expect(child?.text).toBe(text);
          expect(child?.attributes.get('value')).toBe(attribute);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes an empty element as self-closing', () => {
    expect(serializeDocument(element('a', [element('b', [])]))).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<a>\n  <b/>\n</a>\n');
  });
});
