#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX file calls the store makes, each reporting failure as an `errno` value.
enum POSIXFile {
    /// The text of an `errno` value: `Permission denied`.
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The `lstat` of `path`, or the `errno` of the failure.
    static func status(_ path: String) -> Result<stat, ErrnoCode> {
        var info = stat()
        return lstat(path, &info) == 0 ? .success(info) : .failure(ErrnoCode(errno))
    }

    /// Whether `info` describes a directory.
    static func isDirectory(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Writes all of `bytes` to `descriptor`, retrying after interruptions; 0, or the `errno` of the failure.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var rest = bytes
        while !rest.isEmpty {
            let written = write(descriptor, rest.baseAddress, rest.count)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
        return 0
    }

    /// Flushes `descriptor` to stable storage, retrying after interruptions; 0, or the `errno` of the failure.
    static func sync(_ descriptor: Int32) -> Int32 {
        while fsync(descriptor) != 0 {
            if errno != EINTR { return errno }
        }
        return 0
    }

    /// Flushes the directory `path`, so that a name just linked or renamed into it survives a crash; 0, or the
    /// `errno` of the failure. File systems that cannot sync a directory (`EINVAL`) count as success.
    static func syncDirectory(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        let result = sync(descriptor)
        return result == EINVAL ? 0 : result
    }

    /// Reads the whole regular file at `path`, or the `errno` of the failure.
    static func readAll(_ path: String) -> Result<[UInt8], ErrnoCode> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ErrnoCode(errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ErrnoCode(errno))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

/// An `errno` value carried in a `Result`.
struct ErrnoCode: Error, Hashable {
    /// The `errno` value.
    var code: Int32

    /// Wraps an `errno` value.
    init(_ code: Int32) { self.code = code }

    /// The text of the error: `Permission denied`.
    var text: String { POSIXFile.errorText(code) }
}
