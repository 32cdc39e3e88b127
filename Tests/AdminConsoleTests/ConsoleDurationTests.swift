import Testing
@testable import AdminConsole

/// Durations as the console shows them (the largest unit that divides them) and reads them
/// (seconds, or a number with a unit); anything else is no duration, which the form refuses.
@Suite struct ConsoleDurationTests {
    @Test(arguments: [(2_592_000, "30d"), (3600, "1h"), (5400, "90m"), (45, "45s"), (90_061, "90061s"), (0, "0s")])
    func shown(seconds: Int, text: String) {
        #expect(ConsoleFormat.duration(seconds) == text)
        #expect(ConsoleFormat.seconds(text) == seconds)
    }

    @Test func read() {
        #expect(ConsoleFormat.seconds("2 days") == 172_800 && ConsoleFormat.seconds(" 12H ") == 43_200)
        #expect(ConsoleFormat.seconds("3600") == 3600 && ConsoleFormat.seconds("1 minute") == 60)
        for refused in ["", "soon", "-5m", "1.5h", "3w", "h", "1234567890d", "1 d d"] {
            #expect(ConsoleFormat.seconds(refused) == nil, "\(refused)")
        }
    }
}
