import A11yPNG
import Testing

@Suite struct PNGAPITests {
    @Test func notAPNGIsRefused() {
        #expect(throws: PNGError.self) { try PNGDecoder.decode([1, 2, 3]) }
    }
}
