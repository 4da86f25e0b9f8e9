/// ASCII bytes the JSON reader and writer compare against.
@usableFromInline package enum Byte {
    @usableFromInline package static let tab: UInt8 = 0x09
    @usableFromInline package static let newline: UInt8 = 0x0A
    @usableFromInline package static let carriageReturn: UInt8 = 0x0D
    @usableFromInline package static let space: UInt8 = 0x20
    @usableFromInline package static let quote: UInt8 = 0x22
    @usableFromInline package static let plus: UInt8 = 0x2B
    @usableFromInline package static let comma: UInt8 = 0x2C
    @usableFromInline package static let minus: UInt8 = 0x2D
    @usableFromInline package static let dot: UInt8 = 0x2E
    @usableFromInline package static let slash: UInt8 = 0x2F
    @usableFromInline package static let zero: UInt8 = 0x30
    @usableFromInline package static let one: UInt8 = 0x31
    @usableFromInline package static let nine: UInt8 = 0x39
    @usableFromInline package static let colon: UInt8 = 0x3A
    @usableFromInline package static let upperE: UInt8 = 0x45
    @usableFromInline package static let openBracket: UInt8 = 0x5B
    @usableFromInline package static let backslash: UInt8 = 0x5C
    @usableFromInline package static let closeBracket: UInt8 = 0x5D
    @usableFromInline package static let a: UInt8 = 0x61
    @usableFromInline package static let b: UInt8 = 0x62
    @usableFromInline package static let e: UInt8 = 0x65
    @usableFromInline package static let f: UInt8 = 0x66
    @usableFromInline package static let l: UInt8 = 0x6C
    @usableFromInline package static let n: UInt8 = 0x6E
    @usableFromInline package static let r: UInt8 = 0x72
    @usableFromInline package static let s: UInt8 = 0x73
    @usableFromInline package static let t: UInt8 = 0x74
    @usableFromInline package static let u: UInt8 = 0x75
    @usableFromInline package static let openBrace: UInt8 = 0x7B
    @usableFromInline package static let closeBrace: UInt8 = 0x7D
}
