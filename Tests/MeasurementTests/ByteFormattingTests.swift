@testable import Measurement
import Testing

@Suite("Byte formatting")
struct ByteFormattingTests {
    static let formatCases: [(bytes: Int, text: String)] = [
        (0, "0 B"),
        (1, "1 B"),
        (1023, "1023 B"),
        (1024, "1.0 KiB"),
        (1536, "1.5 KiB"),
        (1_048_576, "1.0 MiB"),
        (1_610_612_736, "1.5 GiB"),
        (1_099_511_627_776, "1.0 TiB"),
        (1_125_899_906_842_624, "1.0 PiB"),
        (1_152_921_504_606_846_976, "1.0 EiB"),
        (Int.max, "more than 8 EiB"),
        (-2048, "-2.0 KiB"),
        (-5, "-5 B"),
    ]

    @Test("formatBytes uses binary units with one decimal", arguments: formatCases)
    func formatBytesCases(bytes: Int, text: String) {
        #expect(formatBytes(bytes) == text)
    }
}
