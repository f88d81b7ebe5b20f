@testable import Measurement
import Testing

@Suite("AllocatorStatus")
struct AllocatorStatusTests {
    @Test("the description names the allocator in use, as results/README.md documents machine.allocator")
    func description() {
        #expect(AllocatorStatus.jemalloc(version: "5.3.0-0-g54eaed1").description == "jemalloc 5.3.0-0-g54eaed1")
        #expect(AllocatorStatus.inactive(reason: "not linked").description
            == "system (jemalloc not active: not linked)")
    }

    @Test("with LD_PRELOAD set, the preload is named as the cause, not the link")
    func preloadNamed() {
        let preloaded = Jemalloc.notServingReason(moved: 0, ldPreload: "/usr/lib/libtcmalloc.so")
        #expect(preloaded.contains("LD_PRELOAD=/usr/lib/libtcmalloc.so"))
        #expect(preloaded.contains("run without LD_PRELOAD"))
        #expect(!preloaded.contains("link jemalloc"))
        for unset in [nil, "", " "] as [String?] {
            let reason = Jemalloc.notServingReason(moved: 0, ldPreload: unset)
            #expect(reason.hasSuffix("link jemalloc into the executable itself") && !reason.contains("LD_PRELOAD"))
        }
    }
}
