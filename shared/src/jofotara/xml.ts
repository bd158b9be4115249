/**
 * The little XML the builder and the cross-checks need, without a dependency (shared/ also runs in
 * the browser): a writer for element trees and a namespace-aware parser for well-formed documents.
 * The parser refuses DOCTYPE declarations, so no entity expansion or external fetch can happen on
 * a document received from elsewhere.
 */

// ---------------------------------------------------------------------------------------------
// Writing

export interface XmlNode {
  name: string;
  attributes?: ReadonlyArray<readonly [string, string]>;
  /** Text content or child elements, never both (UBL has no mixed content). */
  content?: string | ReadonlyArray<XmlNode>;
}

/** XML 1.0 allows tab, line feed, carriage return and everything from U+0020 except these. */
const INVALID_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function hasInvalidXmlCharacter(text: string): boolean {
  return INVALID_XML_CHARACTER.test(text);
}

/** A literal carriage return would be normalized away by the reader, so it is written as a reference. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

export function element(
  name: string,
  content?: string | ReadonlyArray<XmlNode | null | undefined | false>,
  attributes?: Record<string, string>,
): XmlNode {
  const node: XmlNode = {
    name,
    attributes: attributes ? Object.entries(attributes) : undefined,
    content: typeof content === 'string' ? content : content?.filter((child): child is XmlNode => Boolean(child)),
  };
  return node;
}

function serializeNode(node: XmlNode, depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  const attributes = (node.attributes ?? []).map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('');
  const content = node.content;
  if (content === undefined || (typeof content !== 'string' && content.length === 0)) {
    out.push(`${indent}<${node.name}${attributes}/>`);
  } else if (typeof content === 'string') {
    out.push(`${indent}<${node.name}${attributes}>${escapeText(content)}</${node.name}>`);
  } else {
    out.push(`${indent}<${node.name}${attributes}>`);
    for (const child of content) serializeNode(child, depth + 1, out);
    out.push(`${indent}</${node.name}>`);
  }
}

/** A UTF-8 XML document, two-space indented, with a final newline. */
export function serializeDocument(root: XmlNode): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  serializeNode(root, 0, out);
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Parsing

export interface XmlElement {
  /** Namespace URI, or null for an element in no namespace. */
  namespace: string | null;
  localName: string;
  /** The name as written, with its prefix. */
  qualifiedName: string;
  /** Attributes without a prefix, by name (UBL's currencyID, schemeID, unitCode, name…). */
  attributes: ReadonlyMap<string, string>;
  children: XmlElement[];
  /** Concatenated character data directly inside the element. */
  text: string;
  /** 1-based line of the start tag, for messages. */
  line: number;
}

export class XmlParseError extends Error {
  override name = 'XmlParseError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line})`);
  }
}

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const NAME = /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*)?$/;
const PREDEFINED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

interface OpenElement {
  element: XmlElement;
  scope: Map<string, string | null>;
}

/** Parses a well-formed XML document and returns its root element. */
export function parseXml(input: string): XmlElement {
  // XML 1.0 §2.11: line breaks are normalized to a line feed before anything else.
  const source = input.replace(/\r\n?/g, '\n');
  let position = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const stack: OpenElement[] = [];
  let root: XmlElement | null = null;
  const rootScope = new Map<string, string | null>([['xml', XML_NAMESPACE], ['', null]]);

  const fail = (message: string): never => {
    throw new XmlParseError(message, line);
  };
  const advance = (to: number): void => {
    for (let i = position; i < to; i += 1) if (source.charCodeAt(i) === 10) line += 1;
    position = to;
  };
  const decode = (raw: string): string =>
    raw.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z]+);|&/g, (match, entity: string | undefined) => {
      if (entity === undefined) return fail('A bare "&" must be written &amp;');
      if (entity.startsWith('#')) {
        const codePoint = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
        if (!Number.isFinite(codePoint) || codePoint > 0x10ffff) return fail(`Invalid character reference ${match}`);
        const character = String.fromCodePoint(codePoint);
        if (hasInvalidXmlCharacter(character)) return fail(`Character reference ${match} is not allowed in XML`);
        return character;
      }
      const value = PREDEFINED_ENTITIES[entity];
      return value ?? fail(`Unknown entity ${match}`);
    });
  const appendText = (text: string): void => {
    const current = stack[stack.length - 1];
    if (current) {
      current.element.text += text;
    } else if (text.trim() !== '') {
      fail('Text outside the root element');
    }
  };

  while (position < source.length) {
    const next = source.indexOf('<', position);
    if (next < 0) {
      appendText(decode(source.slice(position)));
      advance(source.length);
      break;
    }
    if (next > position) {
      appendText(decode(source.slice(position, next)));
      advance(next);
    }
    if (source.startsWith('<!--', position)) {
      const end = source.indexOf('-->', position + 4);
      if (end < 0) fail('Unterminated comment');
      advance(end + 3);
    } else if (source.startsWith('<![CDATA[', position)) {
      const end = source.indexOf(']]>', position + 9);
      if (end < 0) fail('Unterminated CDATA section');
      if (stack.length === 0) fail('CDATA outside the root element');
      appendText(source.slice(position + 9, end));
      advance(end + 3);
    } else if (source.startsWith('<?', position)) {
      const end = source.indexOf('?>', position + 2);
      if (end < 0) fail('Unterminated processing instruction');
      advance(end + 2);
    } else if (source.startsWith('<!', position)) {
      fail('DOCTYPE and other declarations are not accepted');
    } else if (source.startsWith('</', position)) {
      const end = source.indexOf('>', position);
      if (end < 0) fail('Unterminated end tag');
      const name = source.slice(position + 2, end).trim();
      const open = stack.pop();
      if (!open) fail(`Unexpected end tag </${name}>`);
      else if (open.element.qualifiedName !== name) {
        fail(`End tag </${name}> does not match <${open.element.qualifiedName}>`);
      }
      advance(end + 1);
    } else {
      const end = findTagEnd(source, position);
      if (end < 0) fail('Unterminated start tag');
      const selfClosing = source[end - 1] === '/';
      const inside = source.slice(position + 1, selfClosing ? end - 1 : end);
      const tagLine = line;
      const { name, rawAttributes } = splitTag(inside, fail);
      const parentScope = stack[stack.length - 1]?.scope ?? rootScope;
      const scope = new Map(parentScope);
      const attributes = new Map<string, string>();
      for (const [attributeName, rawValue] of rawAttributes) {
        const value = decode(rawValue);
        if (attributeName === 'xmlns') scope.set('', value === '' ? null : value);
        else if (attributeName.startsWith('xmlns:')) scope.set(attributeName.slice(6), value);
        else if (!attributeName.includes(':')) {
          if (attributes.has(attributeName)) fail(`Duplicate attribute ${attributeName}`);
          attributes.set(attributeName, value);
        }
      }
      const colon = name.indexOf(':');
      const prefix = colon < 0 ? '' : name.slice(0, colon);
      if (!scope.has(prefix)) fail(`Undeclared namespace prefix "${prefix}"`);
      const element: XmlElement = {
        namespace: scope.get(prefix) ?? null,
        localName: colon < 0 ? name : name.slice(colon + 1),
        qualifiedName: name,
        attributes,
        children: [],
        text: '',
        line: tagLine,
      };
      const parent = stack[stack.length - 1];
      if (parent) parent.element.children.push(element);
      else if (root) fail('More than one root element');
      else root = element;
      if (!selfClosing) stack.push({ element, scope });
      advance(end + 1);
    }
  }
  if (stack.length > 0) fail(`Unclosed element <${stack[stack.length - 1]?.element.qualifiedName}>`);
  if (!root) return fail('No root element');
  return root;
}

/** Index of the ">" closing the tag that starts at `start`, skipping quoted attribute values. */
function findTagEnd(source: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < source.length; i += 1) {
    const character = source[i];
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === '>') {
      return i;
    } else if (character === '<') {
      return -1;
    }
  }
  return -1;
}

function splitTag(inside: string, fail: (message: string) => never): { name: string; rawAttributes: [string, string][] } {
  const nameMatch = /^[^\s/>]+/.exec(inside);
  const name = nameMatch?.[0] ?? '';
  if (!NAME.test(name)) fail(`Invalid element name "${name}"`);
  const rawAttributes: [string, string][] = [];
  const rest = inside.slice(name.length);
  const attributePattern = /\s+([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/gy;
  let index = 0;
  for (;;) {
    attributePattern.lastIndex = index;
    const match = attributePattern.exec(rest);
    if (!match) break;
    const attributeName = match[1] ?? '';
    if (!NAME.test(attributeName)) fail(`Invalid attribute name "${attributeName}"`);
    if (rawAttributes.some(([existing]) => existing === attributeName)) fail(`Duplicate attribute ${attributeName}`);
    const value = match[3] ?? match[4] ?? '';
    if (value.includes('<')) fail(`"<" is not allowed in the value of ${attributeName}`);
    rawAttributes.push([attributeName, value]);
    index = attributePattern.lastIndex;
  }
  if (rest.slice(index).trim() !== '') fail(`Malformed attributes in <${name}>`);
  return { name, rawAttributes };
}

// ---------------------------------------------------------------------------------------------
// Navigating

export function childElements(parent: XmlElement, namespace: string, localName: string): XmlElement[] {
  return parent.children.filter((child) => child.namespace === namespace && child.localName === localName);
}

export function childElement(parent: XmlElement, namespace: string, localName: string): XmlElement | undefined {
  return parent.children.find((child) => child.namespace === namespace && child.localName === localName);
}
