import CCallgrind
import SeededRandom
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The portable routines that replace glibc's under valgrind (CCallgrind/PortableRoutines.c) answer exactly as the C
/// library does: every length to 300 bytes at every offset in a 16-byte window, overlaps both ways, and every special
/// value of the rounding functions.
@Suite("Portable routines")
struct PortableRoutinesTests {
    /// A buffer of `count` seeded bytes with no zero among them.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 1...255, using: &random) }
    }

    @Test("memmove copies like the C library's, forwards, backwards and overlapping, at every length and offset")
    func memmove() {
        let source = Self.bytes(340, seed: 7)
        for length in 0...300 {
            for offset in [0, 1, 3, 7, 8, 13] {
                // Disjoint buffers.
                var ours = [UInt8](repeating: 0, count: 340), libc = ours
                ours.withUnsafeMutableBytes { d in
                    source.withUnsafeBytes { s in
                        _ = lb_portable_memmove(d.baseAddress! + offset, s.baseAddress! + 2, length)
                    }
                }
                libc.withUnsafeMutableBytes { d in
                    source.withUnsafeBytes { s in _ = Glibc.memmove(d.baseAddress! + offset, s.baseAddress! + 2, length) }
                }
                #expect(ours == libc, "disjoint, length \(length), offset \(offset)")
                // Overlapping, destination above and below the source.
                for shift in [1, 5, 8, 31] {
                    var up = source, upLibc = source, down = source, downLibc = source
                    up.withUnsafeMutableBytes { _ = lb_portable_memmove($0.baseAddress! + shift, $0.baseAddress!, length) }
                    upLibc.withUnsafeMutableBytes { _ = Glibc.memmove($0.baseAddress! + shift, $0.baseAddress!, length) }
                    down.withUnsafeMutableBytes { _ = lb_portable_memmove($0.baseAddress!, $0.baseAddress! + shift, length) }
                    downLibc.withUnsafeMutableBytes { _ = Glibc.memmove($0.baseAddress!, $0.baseAddress! + shift, length) }
                    #expect(up == upLibc, "overlap up by \(shift), length \(length)")
                    #expect(down == downLibc, "overlap down by \(shift), length \(length)")
                }
            }
        }
    }

    @Test("memset fills exactly the bytes asked for, with the low byte of the value")
    func memset() {
        for length in 0...300 {
            for offset in [0, 1, 6, 9] {
                var ours = Self.bytes(320, seed: 3), libc = ours
                ours.withUnsafeMutableBytes { _ = lb_portable_memset($0.baseAddress! + offset, 0x1AB, length) }
                libc.withUnsafeMutableBytes { _ = Glibc.memset($0.baseAddress! + offset, 0x1AB, length) }
                #expect(ours == libc, "length \(length), offset \(offset)")
            }
        }
    }

    @Test("memcmp orders like the C library's: the sign of the first differing byte, unsigned")
    func memcmp() {
        let left = Self.bytes(300, seed: 11)
        for length in 0...300 {
            for difference in [0, 1, 7, 8, 9, 63, 150, 299] where difference < length {
                for replacement: UInt8 in [0x00, 0x80, 0xFF] where replacement != left[difference] {
                    var right = left
                    right[difference] = replacement
                    let ours = left.withUnsafeBytes { a in
                        right.withUnsafeBytes { b in lb_portable_memcmp(a.baseAddress! + 0, b.baseAddress!, length) }
                    }
                    let libc = left.withUnsafeBytes { a in
                        right.withUnsafeBytes { b in Glibc.memcmp(a.baseAddress!, b.baseAddress!, length) }
                    }
                    #expect(ours.signum() == libc.signum(), "length \(length), difference at \(difference)")
                }
            }
            let equal = left.withUnsafeBytes { a in
                left.withUnsafeBytes { b in lb_portable_memcmp(a.baseAddress!, b.baseAddress!, length) }
            }
            #expect(equal == 0)
        }
    }

    @Test("the string routines answer like the C library's")
    func strings() {
        let words = ["", "a", "layout", "layoutbench", "layoutbench frame 7 300x300/uniform", "zz\u{00E9}z"]
        for word in words {
            for other in words {
                word.withCString { a in
                    other.withCString { b in
                        #expect(lb_portable_strcmp(a, b).signum() == strcmp(a, b).signum(), "\(word) \(other)")
                        for limit in [0, 1, 3, 100] {
                            #expect(lb_portable_strncmp(a, b, limit).signum() == strncmp(a, b, limit).signum())
                        }
                    }
                }
            }
            word.withCString { s in
                #expect(lb_portable_strlen(s) == strlen(s))
                for limit in [0, 2, 100] { #expect(lb_portable_strnlen(s, limit) == strnlen(s, limit)) }
                for character in ["a", "t", "z", "q", "\0"].map({ Int32(Character($0).asciiValue!) }) {
                    #expect(lb_portable_strchr(s, character) == strchr(s, character))
                    #expect(lb_portable_strrchr(s, character) == strrchr(s, character))
                    // strchrnul, memrchr and rawmemchr are GNU extensions Swift does not import: their
                    // contracts, from the standard routines.
                    let end = UnsafeMutablePointer(mutating: s) + strlen(s)
                    #expect(lb_portable_strchrnul(s, character) == (strchr(s, character) ?? end))
                    let count = strlen(s) + 1
                    #expect(lb_portable_memchr(s, character, count) == memchr(s, character, count))
                    let last = (0..<count).last { UInt8(bitPattern: s[$0]) == UInt8(character) }
                    #expect(lb_portable_memrchr(s, character, count) == last.map { UnsafeMutableRawPointer(mutating: s + $0) })
                    if let found = strchr(s, character) {
                        #expect(lb_portable_rawmemchr(s, character) == UnsafeMutableRawPointer(found))
                    }
                }
                var ours = [CChar](repeating: 1, count: 64), libc = ours
                let ourEnd = ours.withUnsafeMutableBufferPointer { buffer in
                    lb_portable_stpcpy(buffer.baseAddress!, s).map { $0 - buffer.baseAddress! }
                }
                let libcEnd = libc.withUnsafeMutableBufferPointer { buffer in
                    stpcpy(buffer.baseAddress!, s).map { $0 - buffer.baseAddress! }
                }
                #expect(ours == libc)
                #expect(ourEnd == libcEnd)
            }
        }
    }

    /// Values where rounding functions go wrong: zeros of both signs, halves, the edges of the integral range,
    /// subnormals, infinities and NaN.
    static let specialDoubles: [Double] = [
        0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 1, -1, 2.9999999, -2.9999999,
        4503599627370495.5, -4503599627370495.5, 4503599627370496, 9007199254740993, -9007199254740993, 1e300, -1e300,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
        .infinity, -.infinity, 1234.5678, -1234.5678, 0.1, -0.1,
    ]

    @Test("floor, ceil, trunc and rint are exact, bit for bit, with the sign of zero")
    func rounding() {
        var random = SeededGenerator(seed: 5)
        let randomDoubles = (0..<2000).map { _ in
            Double(Int64.random(in: -1_000_000_000...1_000_000_000, using: &random)) / 1024
                * (Bool.random(using: &random) ? 1 : 1e-6)
        }
        for x in Self.specialDoubles + randomDoubles {
            #expect(lb_portable_floor(x).bitPattern == Glibc.floor(x).bitPattern, "floor(\(x))")
            #expect(lb_portable_ceil(x).bitPattern == Glibc.ceil(x).bitPattern, "ceil(\(x))")
            #expect(lb_portable_trunc(x).bitPattern == Glibc.trunc(x).bitPattern, "trunc(\(x))")
            #expect(lb_portable_rint(x).bitPattern == Glibc.rint(x).bitPattern, "rint(\(x))")
            let f = Float(x)
            #expect(lb_portable_floorf(f).bitPattern == Glibc.floorf(f).bitPattern, "floorf(\(f))")
            #expect(lb_portable_ceilf(f).bitPattern == Glibc.ceilf(f).bitPattern, "ceilf(\(f))")
            #expect(lb_portable_truncf(f).bitPattern == Glibc.truncf(f).bitPattern, "truncf(\(f))")
            #expect(lb_portable_rintf(f).bitPattern == Glibc.rintf(f).bitPattern, "rintf(\(f))")
        }
        #expect(lb_portable_floor(.nan).isNaN && lb_portable_rint(.nan).isNaN && lb_portable_truncf(.nan).isNaN)
    }
}
