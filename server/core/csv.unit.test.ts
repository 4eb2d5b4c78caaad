import { describe, expect, it } from 'vitest'
import { CsvError, csvLine, parseCsv, textCell } from './csv.ts'

const fieldsOf = (text: string) => parseCsv(text).map((r) => r.fields)

describe('parseCsv', () => {
  it('reads a plain file, CRLF or LF or CR, with or without a last line break', () => {
    const expected = [
      ['email', 'name'],
      ['a@example.com', 'Ann'],
    ]
    expect(fieldsOf('email,name\r\na@example.com,Ann\r\n')).toEqual(expected)
    expect(fieldsOf('email,name\na@example.com,Ann')).toEqual(expected)
    expect(fieldsOf('email,name\ra@example.com,Ann\r')).toEqual(expected)
  })

  it('drops a byte-order mark', () => {
    expect(fieldsOf('\uFEFFemail\nb@example.com\n')).toEqual([['email'], ['b@example.com']])
  })

  it('reads quoted fields: delimiters, doubled quotes and line breaks inside, empty ones', () => {
    const text =
      'email,name,note\r\n"c@example.com","Smith, Jo","She said ""hi""\r\nthen left"\r\nd@example.com,"",x\r\n'
    expect(fieldsOf(text)).toEqual([
      ['email', 'name', 'note'],
      ['c@example.com', 'Smith, Jo', 'She said "hi"\r\nthen left'],
      ['d@example.com', '', 'x'],
    ])
  })

  it('numbers each record by the line it starts on, a quoted line break counted', () => {
    const records = parseCsv('email,note\n"a@x.io","one\ntwo\nthree"\n\nb@x.io,\n')
    expect(records.map((r) => r.line)).toEqual([1, 2, 6])
  })

  it('skips blank lines, and lines of nothing but delimiters', () => {
    expect(fieldsOf('email\n\n\na@x.io\n , \n')).toEqual([['email'], ['a@x.io']])
  })

  it('keeps a quote inside an unquoted field as text', () => {
    expect(fieldsOf('name\nJo "JJ" Smith\n')).toEqual([['name'], ['Jo "JJ" Smith']])
  })

  it('finds a semicolon or tab delimiter from the first line', () => {
    expect(fieldsOf('email;name\na@x.io;"Lee; Ann"\n')).toEqual([
      ['email', 'name'],
      ['a@x.io', 'Lee; Ann'],
    ])
    expect(fieldsOf('email\tname\na@x.io\tAnn\n')).toEqual([
      ['email', 'name'],
      ['a@x.io', 'Ann'],
    ])
    // A comma in a quoted header does not count.
    expect(fieldsOf('"email, primary";name\na@x.io;Ann\n')[1]).toEqual(['a@x.io', 'Ann'])
  })

  it('refuses a quoted field never closed, and text after a closing quote, saying where', () => {
    const open = () => parseCsv('email\na@x.io\n"b@x.io\nc@x.io\n')
    expect(open).toThrow(CsvError)
    expect(open).toThrow('A quoted field is never closed')
    try {
      open()
    } catch (error) {
      expect((error as CsvError).line).toBe(3)
    }
    try {
      parseCsv('email\n"a@x.io"x,b\n')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(CsvError)
      expect((error as CsvError).line).toBe(2)
    }
  })

  it('stops at the record past the limit', () => {
    expect(() => parseCsv('a\nb\nc\n', { maxRecords: 2 })).toThrow('The file has more than 2 rows')
    expect(parseCsv('a\nb\n\n\n', { maxRecords: 2 })).toHaveLength(2)
  })

  it('reads what it writes', () => {
    const cells = ['plain', 'with, comma', 'with "quote"', 'two\r\nlines', '']
    expect(fieldsOf(csvLine(cells) + csvLine(['x', 'y', 'z', 'w', 'v']))).toEqual([
      cells,
      ['x', 'y', 'z', 'w', 'v'],
    ])
  })
})

describe('textCell', () => {
  it('quotes what must be quoted and neutralises formulas', () => {
    expect(textCell('plain')).toBe('plain')
    expect(textCell('a,b')).toBe('"a,b"')
    expect(textCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(textCell('+1')).toBe("'+1")
    expect(textCell('-2')).toBe("'-2")
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(textCell('\tcmd')).toBe("'\tcmd")
  })
})
